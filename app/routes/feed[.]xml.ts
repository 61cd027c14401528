import { publicOrigin } from "#app/config/public-origin.server.ts";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { atomFeed } from "#app/seo/feed.ts";
import type { Route } from "./+types/feed[.]xml";

/** The Atom feed of articles and interviews; every page's head links to it (app/root.tsx). */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(atomFeed(publicOrigin(), context.get(contentStoreContext)), {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
