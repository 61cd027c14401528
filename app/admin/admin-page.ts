import { pageTitle } from "~/seo/page-title";

/** Admin pages are kept out of search engines and caches. */
export function adminMeta(title: string) {
  return [{ title: pageTitle(title) }, { name: "robots", content: "noindex, nofollow" }];
}

export function adminHeaders() {
  return { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" };
}
