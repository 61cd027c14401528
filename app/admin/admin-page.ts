import type { HeadersArgs } from "react-router";
import { metaSite } from "#app/seo/meta-site.ts";
import { pageTitle } from "#app/seo/page-title.ts";

/** Admin pages are kept out of search engines and caches; `matches` bring the brand (root loader). */
export function adminMeta(matches: readonly unknown[], title: string) {
  return [{ title: pageTitle(metaSite(matches), title) }, { name: "robots", content: "noindex, nofollow" }];
}

/** No indexing, no caching, and an action's Retry-After (a throttled attempt) passed on. */
export function adminHeaders({ actionHeaders }: Pick<HeadersArgs, "actionHeaders">) {
  const headers = new Headers({ "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}
