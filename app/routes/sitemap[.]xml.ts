import { publicOrigin } from "#app/config/public-origin.server.ts";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { sitemapXml } from "#app/seo/sitemap.ts";
import type { Route } from "./+types/sitemap[.]xml";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(sitemapXml(publicOrigin(), context.get(contentStoreContext)), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
