import { data, redirect } from "react-router";
import { clientIpContext } from "#app/auth/client-ip-context.ts";
import { ArtworkView } from "#app/components/artwork/artwork-view.tsx";
import { LiveEditionLines } from "#app/components/edition/edition-lines.tsx";
import { EnquiryForm } from "#app/components/enquiry/enquiry-form.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { RoomErrorBoundary } from "#app/components/room/room-error-boundary.tsx";
import { RoomWork, roomWorkHrefs } from "#app/components/room/room-work.tsx";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { editionAvailabilityContext } from "#app/editions/edition-availability.server.ts";
import { type EnquiryFieldErrors, type EnquiryValues, enquiryConfirmation } from "#app/enquiries/enquiry-fields.ts";
import { issueFormToken } from "#app/enquiries/form-token.server.ts";
import { submitEnquiry } from "#app/enquiries/submit-enquiry.server.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { picturesFor } from "#app/images/picture-images.server.ts";
import { artworkRefs } from "#app/images/picture-images.ts";
import { recordRoomEvent } from "#app/rooms/room-events.server.ts";
import { enterRoom, roomWork, roomWorkView } from "#app/rooms/room-gate.server.ts";
import { roomMeta, roomRouteHeaders } from "#app/rooms/room-headers.ts";
import { metaSite } from "#app/seo/meta-site.ts";
import { pageTitle } from "#app/seo/page-title.ts";
import type { Route } from "./+types/rooms.$token_.works.$slug";
import styles from "./rooms.$token_.works.$slug.module.css";

// One work of a room in full: opening it is what the studio's "opened in full" counts. Complete
// as HTML; the enquiry form posts here without JavaScript (decision 011).
export const handle: PageHandle = { scripts: "none" };

export const headers: Route.HeadersFunction = roomRouteHeaders;

export const loader = answeringOutages("page", async ({ params, request, context }: Route.LoaderArgs) => {
  const db = context.get(databaseContext).db;
  const content = context.get(contentStoreContext);
  const gate = await enterRoom(db, request, params.token, context.get(clientIpContext), content);
  if (gate.state === "passcode") throw redirect(`/rooms/${params.token}`);
  const work = roomWork(gate.works, params.slug);
  if (request.method === "GET") {
    await recordRoomEvent(db, { linkId: gate.link.id, kind: "work-opened", workSlug: work.artwork.slug });
  }
  return {
    token: params.token,
    roomTitle: gate.room.title,
    work: roomWorkView(gate.room, work, context.get(editionAvailabilityContext).publicEdition(work.artwork.slug)),
    scale: { heading: content.page("art").scale_heading, caption: content.page("art").scale_caption },
    formToken: issueFormToken(),
    enquireOpen: new URL(request.url).searchParams.has("enquire"),
    confirmation: enquiryConfirmation(content.siteSettings().enquiries),
    pictures: picturesFor(artworkRefs([work.artwork.imageLarge, work.artwork.imageSmall])),
  };
});

type ActionAnswer =
  | { sent: true }
  | { sent: false; message: string; fieldErrors: EnquiryFieldErrors; values?: EnquiryValues };

/** The enquiry form sent without JavaScript; with it, the script uses /rooms/:token/enquiries. */
export const action = answeringOutages("page", async ({ params, request, context }: Route.ActionArgs) => {
  const db = context.get(databaseContext).db;
  const clientAddress = context.get(clientIpContext);
  const content = context.get(contentStoreContext);
  const gate = await enterRoom(db, request, params.token, clientAddress, content);
  if (gate.state === "passcode") throw redirect(`/rooms/${params.token}`, 303);
  roomWork(gate.works, params.slug);
  const outcome = await submitEnquiry(db, request, clientAddress, content.catalogueWithHidden(), undefined, {
    linkId: gate.link.id,
    title: gate.room.title,
    linkNote: gate.link.note,
    workSlugs: gate.works.map((work) => work.artwork.slug),
  });
  if (outcome.ok) return { sent: true } satisfies ActionAnswer;
  return data(
    {
      sent: false,
      message: outcome.message,
      fieldErrors: outcome.fieldErrors ?? {},
      values: outcome.values,
    } satisfies ActionAnswer,
    { status: outcome.status, headers: outcome.headers },
  );
});

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: pageTitle(
      metaSite(matches),
      loaderData ? `${loaderData.work.artwork.title} · Private viewing` : "Private viewing",
    ),
  },
  ...roomMeta,
];

export default function RoomWorkPage({ loaderData, actionData }: Route.ComponentProps) {
  const { token, roomTitle, work, scale, formToken, enquireOpen, confirmation } = loaderData;
  const answer = actionData as ActionAnswer | undefined;
  const { artwork, label } = work;
  const hrefs = roomWorkHrefs(token, artwork.slug);
  return (
    <ArtworkView
      artwork={artwork}
      label={label}
      scale={scale}
      bar={
        <a href={`/rooms/${token}#work-${artwork.slug}`} className="button button-ghost">
          ← Back to {roomTitle}
        </a>
      }
    >
      <LiveEditionLines>
        <RoomWork work={work} token={token} headingLevel={1} priority imageLinksTo="zoom">
          <section id="enquire" className={styles.enquire} aria-label="Enquire">
            {answer?.sent ? (
              <p role="status" className={styles.sent}>
                {confirmation}
              </p>
            ) : (
              <EnquiryForm
                descriptor={{
                  subject: "room",
                  subjectRef: artwork.slug,
                  subjectTitle: artwork.title,
                  sourcePath: "/rooms",
                }}
                token={formToken}
                values={answer?.values}
                errors={answer?.fieldErrors}
                formError={answer && Object.keys(answer.fieldErrors).length === 0 ? answer.message : undefined}
                display={enquireOpen || answer ? "open" : "closed"}
                openLabel="Enquire about this work"
                openHref={hrefs.enquire}
                postTo={{ page: hrefs.work, api: `/rooms/${token}/enquiries` }}
                confirmation={confirmation}
              />
            )}
          </section>
        </RoomWork>
      </LiveEditionLines>
    </ArtworkView>
  );
}

export function ErrorBoundary() {
  return <RoomErrorBoundary />;
}
