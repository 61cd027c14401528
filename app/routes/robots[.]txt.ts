import { publicOrigin } from "#app/config/public-origin.server.ts";
import { robotsTxt } from "#app/seo/sitemap.ts";

export function loader() {
  return new Response(robotsTxt(publicOrigin()), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
