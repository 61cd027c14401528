/**
 * The headers every room response carries (issue 22, decision 036), set for the whole `/rooms`
 * path in server/app.ts so no room answer (page, data request, error, refusal) goes without
 * them: never stored by a browser or proxy, never indexed, and no Referer naming the token.
 */
export const roomPrivacyHeaders = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  // No Referer at all, not even to this site's /img and /assets (issue 42): nginx names the
  // Referer in its error log. A room's own form posts then carry `Origin: null`, which
  // server/room-privacy.ts judges by Sec-Fetch-Site instead.
  "Referrer-Policy": "no-referrer",
} as const;

/**
 * A room route's `headers`: the cookies its loader or action set and a refusal's Retry-After.
 * (The privacy headers above come from the server, once, for every room address.)
 */
export function roomRouteHeaders({
  loaderHeaders,
  actionHeaders,
  errorHeaders,
}: {
  loaderHeaders: Headers;
  actionHeaders: Headers;
  errorHeaders?: Headers;
}): Headers {
  const headers = new Headers();
  for (const source of [loaderHeaders, actionHeaders, errorHeaders]) {
    if (!source) continue;
    for (const cookie of source.getSetCookie()) headers.append("Set-Cookie", cookie);
    const retryAfter = source.get("Retry-After");
    if (retryAfter) headers.set("Retry-After", retryAfter);
  }
  return headers;
}

/** The page's own copy of the same rules, for anything that reads the document. */
export const roomMeta = [
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
] as const;
