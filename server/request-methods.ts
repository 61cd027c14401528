import type { NextFunction, Request, Response } from "express";
import { sendErrorAnswer } from "./error-answer.ts";

/** The methods some address of the site answers; any other is refused for every address. */
export const SITE_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;

const siteMethods = new Set<string>(SITE_METHODS);

/**
 * Answers a method no address of the site takes (TRACE, OPTIONS, PROPFIND...) with 501 Not
 * Implemented and a message, before anything below sees it: React Router cannot even build a
 * request for some (TRACE), which used to end in a 500. The request log line is the only log
 * (a warning, see request-log.ts).
 */
export function refuseUnknownMethods() {
  return function refuseUnknownMethod(req: Request, res: Response, next: NextFunction) {
    if (siteMethods.has(req.method)) return next();
    res.set("Connection", "close");
    sendErrorAnswer(
      req,
      res,
      501,
      `This site does not answer ${req.method} requests. Pages and files answer GET and HEAD; forms and the API take POST, PUT, PATCH or DELETE where they say so.`,
    );
  };
}
