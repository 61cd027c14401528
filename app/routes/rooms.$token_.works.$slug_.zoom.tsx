import { redirect } from "react-router";
import { clientIpContext } from "#app/auth/client-ip-context.ts";
import { artworkZoomData } from "#app/components/artwork/artwork-zoom-data.server.ts";
import { ArtworkZoomView } from "#app/components/artwork/artwork-zoom-view.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { RoomErrorBoundary } from "#app/components/room/room-error-boundary.tsx";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { recordRoomEvent } from "#app/rooms/room-events.server.ts";
import { enterRoom, roomWork } from "#app/rooms/room-gate.server.ts";
import { roomMeta, roomRouteHeaders } from "#app/rooms/room-headers.ts";
import { metaSite } from "#app/seo/meta-site.ts";
import { pageTitle } from "#app/seo/page-title.ts";
import type { Route } from "./+types/rooms.$token_.works.$slug_.zoom";

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
  return { backHref: `/rooms/${params.token}/works/${artwork.slug}`, ...artworkZoomData(artwork) };
});

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: pageTitle(
      metaSite(matches),
      loaderData ? `Zoom: ${loaderData.zoom.title} · Private viewing` : "Private viewing",
    ),
  },
  ...roomMeta,
];

export default function RoomZoomPage({ loaderData }: Route.ComponentProps) {
  return <ArtworkZoomView zoom={loaderData.zoom} backHref={loaderData.backHref} />;
}

export function ErrorBoundary() {
  return <RoomErrorBoundary />;
}
