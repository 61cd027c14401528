import type { NextFunction, Request, Response } from "express";
import { z } from "zod";
import { sendErrorAnswer } from "#app/http/error-answer.server.ts";

// React Router builds each request's URL from the Host header and the request target; input
// that no URL can hold would otherwise fail there as a 500.
const hostHeader = z
  .string()
  .max(255)
  .regex(/^[a-z0-9.\-:[\]]+$/i)
  .refine((host) => URL.canParse(`http://${host}/`));
// Origin-form only (`/path?query`): browsers send nothing else to a site. The absolute form is for
// proxies, and `*` (OPTIONS) names no page.
const requestTarget = z.string().startsWith("/");

/**
 * Drops the client's X-Forwarded-Host before anything reads it. From a trusted proxy (TRUST_PROXY)
 * Express's req.hostname, and so the URL React Router builds, would take the request's host from
 * it, and a proxy passes on whatever the client wrote unless told otherwise. The request's host
 * is its Host header; the site's own origin comes from PUBLIC_URL only (decisions 013 and 030).
 */
export function ignoreForwardedHost(req: Request, _res: Response, next: NextFunction) {
  delete req.headers["x-forwarded-host"];
  next();
}

/**
 * Refuses, with 400, a request whose URL cannot be built: a missing (HTTP/1.0) or malformed Host
 * header, or a request target that is not a path.
 */
export function requireBuildableUrl(req: Request, res: Response, next: NextFunction) {
  const host = hostHeader.safeParse(req.headers.host).success;
  if (host && requestTarget.safeParse(req.originalUrl).success) return next();
  const message = host
    ? "The request target must be a path on this site, such as /quotes."
    : "The Host header is missing or is not a host name. Send the site's address as the Host header.";
  sendErrorAnswer(req, res, 400, message);
}
