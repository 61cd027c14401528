import { publicOrigin } from "#app/config/public-origin.server.ts";
import { sitemapXml } from "#app/seo/sitemap.ts";

export function loader() {
  return new Response(sitemapXml(publicOrigin()), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
