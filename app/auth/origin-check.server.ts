/**
 * Whether a state-changing request comes from our own pages. Browsers send Origin on every
 * POST/PUT/PATCH/DELETE; it must match the origin the request was made to (or PUBLIC_URL).
 * A missing Origin is refused too, except for same-origin fetch metadata.
 */
export function isSameOriginRequest(request: Request): boolean {
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return true;
  const allowed = new Set([new URL(request.url).origin]);
  if (process.env.PUBLIC_URL) allowed.add(new URL(process.env.PUBLIC_URL).origin);
  const origin = request.headers.get("origin");
  if (origin && origin !== "null") return allowed.has(origin);
  return request.headers.get("sec-fetch-site") === "same-origin";
}

export function crossOriginResponse(): Response {
  return Response.json(
    { message: "This request did not come from this site." },
    { status: 403, headers: { "Cache-Control": "no-store" } },
  );
}

/** Throws a 403 Response for a cross-origin mutation. */
export function assertSameOrigin(request: Request): void {
  if (!isSameOriginRequest(request)) throw crossOriginResponse();
}
