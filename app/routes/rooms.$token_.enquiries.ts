import { clientIpContext } from "#app/auth/client-ip-context.ts";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { enquiryConfirmation } from "#app/enquiries/enquiry-fields.ts";
import { submitEnquiry } from "#app/enquiries/submit-enquiry.server.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { findRoomLink, hasPasscodeCookie, passcodeHashFor, roomWorks } from "#app/rooms/room-access.server.ts";
import type { Route } from "./+types/rooms.$token_.enquiries";

const answer = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  // The room's privacy headers (no-store, noindex, no Referer) come from server/app.ts.
  Response.json(body, { status, headers });

const ONLY_POST = { Allow: "POST" };

/**
 * GET (or HEAD) /rooms/:token/enquiries: nothing to read here, only the room's form sends to it.
 * Without this loader React Router answered 400 "Unexpected Server Error" (issue 42).
 */
export function loader() {
  return answer(405, { message: "This address only takes the room's enquiry form (POST)." }, ONLY_POST);
}

/**
 * POST /rooms/:token/enquiries: a room's enquiry form sent by posted-form.script.js. The same
 * checks and answers as POST /api/enquiries, behind the room's own (link open, passcode given),
 * and the enquiry is stored with the link (issue 22).
 */
export const action = answeringOutages("json", async ({ params, request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") {
    return answer(
      405,
      { message: `This address only takes the room's enquiry form (POST), not ${request.method}.` },
      ONLY_POST,
    );
  }
  const db = context.get(databaseContext).db;
  const clientAddress = context.get(clientIpContext);
  const content = context.get(contentStoreContext);
  const found = await findRoomLink(db, params.token, clientAddress);
  if (found.kind === "not-found") return answer(404, { message: "There is no viewing room at this address." });
  if (found.kind === "limited") {
    return answer(
      429,
      { message: "Too many room links that do not exist were opened from here. Try again later." },
      { "Retry-After": String(found.retryAfterSeconds) },
    );
  }
  if (found.kind === "gone") {
    return answer(410, {
      message: `This viewing room is no longer open. Write to the studio at ${content.siteSettings().contact.email}.`,
    });
  }
  const passcodeHash = passcodeHashFor(found.room, found.link);
  if (passcodeHash && !hasPasscodeCookie(request, found.link, passcodeHash)) {
    return answer(401, { message: "This room asks for its passcode first. Reload the room and enter it." });
  }
  const works = await roomWorks(db, content.catalogueWithHidden(), found.room.id);
  const outcome = await submitEnquiry(db, request, clientAddress, content.catalogueWithHidden(), undefined, {
    linkId: found.link.id,
    title: found.room.title,
    linkNote: found.link.note,
    workSlugs: works.map((work) => work.artwork.slug),
  });
  if (outcome.ok) return answer(201, { message: enquiryConfirmation(content.siteSettings().enquiries) });
  return answer(outcome.status, { message: outcome.message, fieldErrors: outcome.fieldErrors ?? {} }, outcome.headers);
});
