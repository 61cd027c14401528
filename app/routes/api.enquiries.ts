import { clientIpContext } from "#app/auth/client-ip-context.ts";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { enquiryConfirmation } from "#app/enquiries/enquiry-fields.ts";
import { issueFormToken } from "#app/enquiries/form-token.server.ts";
import { submitEnquiry } from "#app/enquiries/submit-enquiry.server.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import type { Route } from "./+types/api.enquiries";

const noStore = { "Cache-Control": "no-store" };

/**
 * GET /api/enquiries: a fresh form token, for a form a script opens in place on a prerendered
 * page (decision 032); those pages are the same for everyone, so they carry none.
 */
export function loader() {
  return Response.json({ token: issueFormToken() }, { headers: noStore });
}

/**
 * POST /api/enquiries: the form sent by posted-form.script.js. Answers `{ message }` (201) or
 * `{ message, fieldErrors? }` with the 4xx of the refusal; the same checks as POST /enquire.
 */
export const action = answeringOutages("json", async ({ request, context }: Route.ActionArgs) => {
  const content = context.get(contentStoreContext);
  const outcome = await submitEnquiry(
    context.get(databaseContext).db,
    request,
    context.get(clientIpContext),
    content.catalogue(),
  );
  if (outcome.ok) {
    return Response.json(
      { message: enquiryConfirmation(content.siteSettings().enquiries) },
      { status: 201, headers: noStore },
    );
  }
  return Response.json(
    { message: outcome.message, fieldErrors: outcome.fieldErrors ?? {} },
    { status: outcome.status, headers: { ...noStore, ...outcome.headers } },
  );
});
