import { publicOrigin } from "#app/config/public-origin.server.ts";
import { atomFeed } from "#app/seo/feed.ts";

/** The Atom feed of articles and interviews; every page's head links to it (app/root.tsx). */
export function loader() {
  return new Response(atomFeed(publicOrigin()), {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
