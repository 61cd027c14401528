import crypto from "node:crypto";
import type { ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";

/**
 * The Content-Security-Policy for a page whose scripts are allowed by `scriptSources`
 * (nonces for pages rendered per request, sha256 hashes of the app's own scripts for
 * prerendered and kept ones: server/own-inline-scripts.ts, never hashes of whatever a page
 * holds). No 'unsafe-inline' scripts anywhere; inline style attributes stay allowed (React sets some).
 */
export function contentSecurityPolicy(scriptSources: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptSources].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "media-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Security headers on every response. Each request gets a fresh CSP nonce in
 * `res.locals.cspNonce`; React Router's entry.server puts it on the scripts it renders.
 * Prerendered pages replace the policy with one allowing their own scripts by hash.
 * Development skips the CSP: Vite's dev client injects inline scripts and a websocket.
 */
export function securityHeaders({ production }: { production: boolean }) {
  return function setSecurityHeaders(req: Request, res: Response, next: NextFunction) {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    if (production) res.setHeader("Content-Security-Policy", contentSecurityPolicy([`'nonce-${nonce}'`]));
    setFixedSecurityHeaders(res, { production, isolateWindow: isolatesWindow(req.path) });
    next();
  };
}

// Powerful features no page of this site uses; a compromised or embedded script cannot ask for them.
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "interest-cohort=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "publickey-credentials-get=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

/**
 * Whether the site is declared to be served over TLS. HSTS is sent only then: over plain http
 * it means nothing, and a wrong one pins a host to https it does not have. The decision comes
 * from configuration (PUBLIC_URL), never from X-Forwarded-Proto, which any client can send.
 */
export function servedOverHttps(): boolean {
  return (process.env.PUBLIC_URL ?? "").toLowerCase().startsWith("https:");
}

// The public pages, as the app routes them (app/routes/): the same for every visitor. Anything
// else, and any other spelling of these (`/ADMIN`, `/%61dmin`), isolates its window.
const PUBLIC_PAGE = new RegExp(
  `^/(${[
    "",
    "about",
    "art(/[a-z0-9-]+(/zoom)?)?",
    "exhibitions(/[a-z0-9-]+)?",
    "cv",
    "prices",
    "merch",
    "contact",
    "quotes",
    "enquire",
    // The long-form kinds (app/routes/long-form/kinds.ts; the test checks they are all here).
    "(articles|interviews)(/[a-z0-9-]+)?",
  ].join("|")})$`,
);

/**
 * Whether a page at this address isolates its window from other sites' windows
 * (Cross-Origin-Opener-Policy: same-origin). Every page does except the public ones: a public
 * page shows everyone the same thing, so a window holding a reference to it learns nothing, and
 * there the isolation costs every arrival from another site a fresh renderer process, the largest
 * part of a public page's first paint on a phone (decision 056). The studio, viewing rooms and a
 * password reset link keep it.
 */
export function isolatesWindow(pathname: string): boolean {
  return !PUBLIC_PAGE.test(pathname);
}

/**
 * The security headers that do not depend on the page's scripts, by name. Every response carries
 * them: Express sets them first (securityHeaders above), and the handlers that answer outside
 * Express (prerendered pages and their redirects, the in-memory quote API, parser errors) set them
 * too. `isolateWindow` is isolatesWindow(address) for a page; anything else keeps the default.
 */
export function fixedSecurityHeaders({
  production,
  isolateWindow = true,
}: {
  production: boolean;
  isolateWindow?: boolean;
}): Record<string, string> {
  return {
    ...(production && servedOverHttps() ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    ...(isolateWindow ? { "Cross-Origin-Opener-Policy": "same-origin" } : {}),
    // Images and files are for this site's own pages; other sites may link but not embed them.
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
  };
}

/** Sets fixedSecurityHeaders on a response. */
export function setFixedSecurityHeaders(
  res: ServerResponse,
  options: { production: boolean; isolateWindow?: boolean },
): void {
  for (const [name, value] of Object.entries(fixedSecurityHeaders(options))) res.setHeader(name, value);
}
