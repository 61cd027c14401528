import type { HeadersArgs } from "react-router";
import { metaSite } from "#app/seo/meta-site.ts";
import { outageTitle } from "#app/seo/outage-title.ts";
import { pageTitle } from "#app/seo/page-title.ts";

/**
 * Admin pages are kept out of search engines and caches; `matches` bring the brand (root loader).
 * An outage's page is titled with what is down, not with the screen (`title`) it would have been.
 */
export function adminMeta({ matches, error }: { matches: readonly unknown[]; error?: unknown }, title: string) {
  const shown = outageTitle(error) ?? title;
  return [{ title: pageTitle(metaSite(matches), shown) }, { name: "robots", content: "noindex, nofollow" }];
}

/** No indexing, no caching, and an action's Retry-After (a throttled attempt) passed on. */
export function adminHeaders({ actionHeaders }: Pick<HeadersArgs, "actionHeaders">) {
  const headers = new Headers({ "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}
