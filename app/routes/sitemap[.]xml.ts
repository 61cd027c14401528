import { publicOrigin } from "~/config/public-origin.server";
import { sitemapXml } from "~/seo/sitemap";

export function loader() {
  return new Response(sitemapXml(publicOrigin()), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
