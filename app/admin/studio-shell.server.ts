import type { MiddlewareFunction } from "react-router";
import { startStudioAccess } from "./studio-access.server.ts";
import { startStudioAnswerHeaders } from "./studio-answer-headers.server.ts";

/** Every studio answer is kept out of search engines and caches (unless it says how to cache). */
const studioHeaders = { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" };

/**
 * The studio shell's middleware (routes/admin.tsx, decision 064): looks up the request's studio
 * access once, for every loader and action under /admin, and sets the studio's headers on the
 * answer: no indexing, no caching, and a refused sign-in's Retry-After.
 */
export const studioShell: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  startStudioAccess(request, context);
  const kept = startStudioAnswerHeaders(context);
  const response = await next();
  const missing = [...Object.entries(studioHeaders), ...kept.entries()].filter(([name]) => !response.headers.has(name));
  if (missing.length === 0) return response;
  // A copy: a response's headers may be read-only (a fetched one's are).
  const headers = new Headers(response.headers);
  for (const [name, value] of missing) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};
