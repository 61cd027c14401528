import { allowedOrigins } from "#app/config/public-origin.server.ts";
import { jsonError } from "#app/http/api-errors.server.ts";

export const CROSS_ORIGIN_MESSAGE = "This request did not come from this site.";

/**
 * Whether a state-changing request comes from our own pages. Browsers send Origin on every
 * POST/PUT/PATCH/DELETE; it must be one of the configured origins (public-origin.server.ts),
 * never one derived from the request's own Host, which an attacker chooses.
 * A missing Origin is refused too, except for same-origin fetch metadata.
 */
export function isSameOriginRequest(
  request: { method: string; headers: { get(name: string): string | null } },
  allowed: readonly string[] = allowedOrigins(),
): boolean {
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return true;
  const origin = request.headers.get("origin");
  if (origin && origin !== "null") return allowed.includes(origin);
  return request.headers.get("sec-fetch-site") === "same-origin";
}

export function crossOriginResponse(): Response {
  return jsonError(403, CROSS_ORIGIN_MESSAGE);
}

/** Throws a 403 Response for a cross-origin mutation. */
export function assertSameOrigin(request: Request): void {
  if (!isSameOriginRequest(request)) throw crossOriginResponse();
}
