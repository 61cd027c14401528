import { data, redirect } from "react-router";
import { z } from "zod";
import { clientIpContext } from "#app/auth/client-ip-context.ts";
import { isSameOriginRequest } from "#app/auth/origin-check.server.ts";
import { ContentHtml } from "#app/components/content-html.tsx";
import { LiveEditionLines } from "#app/components/edition/edition-lines.tsx";
import { EnquiryForm } from "#app/components/enquiry/enquiry-form.tsx";
import { PostedFormScript } from "#app/components/forms/posted-form.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { RoomErrorBoundary } from "#app/components/room/room-error-boundary.tsx";
import { RoomPasscodeForm } from "#app/components/room/room-passcode.tsx";
import { RoomWork, roomWorkHrefs } from "#app/components/room/room-work.tsx";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { editionAvailabilityContext } from "#app/editions/edition-availability.server.ts";
import { enquiryConfirmation } from "#app/enquiries/enquiry-fields.ts";
import { issueFormToken } from "#app/enquiries/form-token.server.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { readForm } from "#app/http/read-form.server.ts";
import { picturesFor } from "#app/images/picture-images.server.ts";
import { artworkRefs } from "#app/images/picture-images.ts";
import { tryPasscode } from "#app/rooms/room-access.server.ts";
import { enterRoom, introductionHtml, roomWorkView } from "#app/rooms/room-gate.server.ts";
import { roomMeta, roomRouteHeaders } from "#app/rooms/room-headers.ts";
import { countVisit } from "#app/rooms/room-visit.server.ts";
import { metaSite } from "#app/seo/meta-site.ts";
import { pageTitle } from "#app/seo/page-title.ts";
import type { Route } from "./+types/rooms.$token";
import styles from "./rooms.$token.module.css";

// Complete as HTML, rendered per request for one link (decision 011): no framework JavaScript;
// the enquiry form's own small script opens and sends it in place.
export const handle: PageHandle = { scripts: "none" };

export const headers: Route.HeadersFunction = roomRouteHeaders;

/** A download the studio attached: a site path only, never another origin. */
const downloadSchema = z.object({
  label: z.string().trim().min(1).max(200),
  path: z.string().regex(/^\/(?![/\\])[^\s\\]{0,500}$/),
});

export const loader = answeringOutages("page", async ({ params, request, context }: Route.LoaderArgs) => {
  const db = context.get(databaseContext).db;
  const content = context.get(contentStoreContext);
  const gate = await enterRoom(db, request, params.token, context.get(clientIpContext), content);
  if (gate.state === "passcode") return { state: "passcode" as const };
  const setCookie = await countVisit(db, request, params.token, gate.link.id);
  const { room, works } = gate;
  return data(
    {
      state: "open" as const,
      token: params.token,
      title: room.title,
      introduction: introductionHtml(room.introduction),
      works: works.map((work) =>
        roomWorkView(room, work, context.get(editionAvailabilityContext).publicEdition(work.artwork.slug)),
      ),
      // One form token per work: each is single-use, and a collector may ask about several.
      formTokens: Object.fromEntries(works.map((work) => [work.artwork.slug, issueFormToken()])),
      downloads: room.downloads.flatMap((item) => {
        const parsed = downloadSchema.safeParse(item);
        return parsed.success ? [parsed.data] : [];
      }),
      confirmation: enquiryConfirmation(content.siteSettings().enquiries),
      pictures: picturesFor(artworkRefs(works.map((work) => work.artwork.imageLarge))),
    },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
});

export const action = answeringOutages("page", async ({ params, request, context }: Route.ActionArgs) => {
  if (!isSameOriginRequest(request)) {
    throw data("This form was not sent from this site. Open the room's link and try again.", { status: 403 });
  }
  const db = context.get(databaseContext).db;
  const clientAddress = context.get(clientIpContext);
  const gate = await enterRoom(db, request, params.token, clientAddress, context.get(contentStoreContext));
  const form = await readForm(request);
  if (gate.state === "open") return redirect(`/rooms/${params.token}`, 303);
  const outcome = await tryPasscode(db, {
    token: params.token,
    link: gate.link,
    passcodeHash: gate.passcodeHash,
    passcode: String(form.get("passcode") ?? "").slice(0, 200),
    clientAddress,
  });
  if (outcome.ok)
    return redirect(`/rooms/${params.token}`, { status: 303, headers: { "Set-Cookie": outcome.setCookie } });
  return data(
    { passcodeError: outcome.message, limited: outcome.status === 429 },
    {
      status: outcome.status,
      headers: outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined,
    },
  );
});

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: pageTitle(
      metaSite(matches),
      loaderData?.state === "open" ? `${loaderData.title} · Private viewing` : "Private viewing",
    ),
  },
  ...roomMeta,
];

export default function ViewingRoomPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state === "passcode") {
    return (
      <main id="main" className={`page ${styles.page}`}>
        <RoomPasscodeForm error={actionData?.passcodeError} limited={actionData?.limited} />
      </main>
    );
  }
  const { token, title, introduction, works, formTokens, downloads, confirmation } = loaderData;
  return (
    <main id="main" className={`page ${styles.page}`}>
      <header className={styles.intro}>
        <p className="eyebrow">Private viewing</p>
        <h1 className={styles.title}>{title}</h1>
        {introduction ? <ContentHtml html={introduction} className={styles.introduction} /> : null}
        <p className={styles.privacy}>
          This room counts your visits and which works you open, zoom into or ask about, for the studio only. No
          third-party scripts, and no tracking anywhere else.
        </p>
      </header>
      {works.length === 0 ? (
        <p className={styles.empty}>The studio has not placed any works in this room yet.</p>
      ) : null}
      <LiveEditionLines className={styles.works}>
        {works.map((work, index) => (
          <RoomWork
            key={work.artwork.slug}
            work={work}
            token={token}
            headingLevel={2}
            priority={index === 0}
            imageLinksTo="work"
          >
            <EnquiryForm
              descriptor={{
                subject: "room",
                subjectRef: work.artwork.slug,
                subjectTitle: work.artwork.title,
                sourcePath: "/rooms",
              }}
              token={formTokens[work.artwork.slug]}
              display="closed"
              openLabel="Enquire about this work"
              openHref={roomWorkHrefs(token, work.artwork.slug).enquire}
              postTo={{
                page: roomWorkHrefs(token, work.artwork.slug).work,
                api: `/rooms/${token}/enquiries`,
              }}
              confirmation={confirmation}
            />
          </RoomWork>
        ))}
      </LiveEditionLines>
      {downloads.length > 0 ? (
        <section className={styles.downloads} aria-labelledby="room-downloads">
          <h2 id="room-downloads">Documents</h2>
          <ul>
            {downloads.map((item) => (
              <li key={item.path}>
                <a href={item.path} download>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <PostedFormScript enquiry />
    </main>
  );
}

export function ErrorBoundary() {
  return <RoomErrorBoundary />;
}
