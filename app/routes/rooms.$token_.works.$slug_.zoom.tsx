import { redirect } from "react-router";
import { clientIpContext } from "#app/auth/client-ip-context.ts";
import { DeepZoomViewer } from "#app/components/deep-zoom-viewer.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { Picture } from "#app/components/picture.tsx";
import { RoomErrorBoundary } from "#app/components/room/room-error-boundary.tsx";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { zoomDescriptorUrl } from "#app/images/deep-zoom-source.ts";
import { imageInfo } from "#app/images/image-info.server.ts";
import { pictureKey } from "#app/images/picture-images.ts";
import { recordRoomEvent } from "#app/rooms/room-events.server.ts";
import { enterRoom, roomWork } from "#app/rooms/room-gate.server.ts";
import { roomMeta, roomRouteHeaders } from "#app/rooms/room-headers.ts";
import { metaSite } from "#app/seo/meta-site.ts";
import { pageTitle } from "#app/seo/page-title.ts";
import type { Route } from "./+types/rooms.$token_.works.$slug_.zoom";
import styles from "./art.$slug_.zoom.module.css";

// The artwork page's deep zoom (decision 023), reached through the room's link: opening it is
// what the studio's "zoomed" counts. Eager, as the public zoom page: zooming needs JavaScript.
export const handle: PageHandle = { scripts: "eager" };

export const headers: Route.HeadersFunction = roomRouteHeaders;

export const loader = answeringOutages("page", async ({ params, request, context }: Route.LoaderArgs) => {
  const db = context.get(databaseContext).db;
  const gate = await enterRoom(
    db,
    request,
    params.token,
    context.get(clientIpContext),
    context.get(contentStoreContext),
  );
  if (gate.state === "passcode") throw redirect(`/rooms/${params.token}`);
  const { artwork } = roomWork(gate.works, params.slug);
  if (request.method === "GET") {
    await recordRoomEvent(db, { linkId: gate.link.id, kind: "zoomed", workSlug: artwork.slug });
  }
  const image = imageInfo("artworks", artwork.imageLarge);
  return {
    backHref: `/rooms/${params.token}/works/${artwork.slug}`,
    title: artwork.title,
    imageName: artwork.imageLarge,
    placeholder: image.placeholder,
    pictures: { [pictureKey("artworks", artwork.imageLarge)]: image },
    descriptorUrl: zoomDescriptorUrl(artwork.imageLarge, image.version),
  };
});

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: pageTitle(metaSite(matches), loaderData ? `Zoom: ${loaderData.title} · Private viewing` : "Private viewing"),
  },
  ...roomMeta,
];

export default function RoomZoomPage({ loaderData }: Route.ComponentProps) {
  const { backHref, title, imageName, placeholder, descriptorUrl } = loaderData;
  return (
    <main id="main" className={styles.page}>
      <h1 className="visually-hidden">Zoom: {title}</h1>
      <DeepZoomViewer
        descriptorUrl={descriptorUrl}
        title={title}
        placeholder={placeholder}
        backLink={
          <a href={backHref} className={`button button-ghost ${styles.back}`}>
            ← Back to the work
          </a>
        }
        fallback={
          <div className={styles.fallback}>
            <Picture
              collection="artworks"
              name={imageName}
              alt={title}
              sizes="(max-width: 1920px) 100vw, 1920px"
              className={styles.fallbackImage}
            />
            <p className={styles.fallbackNote}>
              Zooming into the work needs JavaScript. Here it is at its largest normal size.
            </p>
          </div>
        }
      />
    </main>
  );
}

export function ErrorBoundary() {
  return <RoomErrorBoundary />;
}
