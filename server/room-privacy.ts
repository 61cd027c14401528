import type { NextFunction, Request, Response } from "express";
import { roomPrivacyHeaders } from "#app/rooms/room-headers.ts";

/**
 * Mounted at /rooms (issue 22, decision 062): every answer, refusals and errors included, is
 * never stored, never indexed, and makes the browser send no Referer at all, so no request the
 * room makes names its token (nginx writes a Referer into its error log).
 *
 * A page with no Referer makes the browser say `Origin: null` on its own form posts (the
 * passcode), which React Router's action check refuses. Sec-Fetch-Site, which no page can set,
 * still says same-origin: the null Origin is dropped and the checks below judge the post by it
 * (origin-check.server.ts). A post from another site says cross-site and keeps its null Origin.
 */
export function roomPrivacy() {
  return (req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of Object.entries(roomPrivacyHeaders)) res.setHeader(name, value);
    if (req.headers.origin === "null" && req.headers["sec-fetch-site"] === "same-origin") delete req.headers.origin;
    next();
  };
}
