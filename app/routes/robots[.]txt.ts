import { publicOrigin } from "~/config/public-origin.server";
import { robotsTxt } from "~/seo/sitemap";

export function loader() {
  return new Response(robotsTxt(publicOrigin()), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
