import type { Request, Response } from "express";

/**
 * The one error answer of the Express layer: the status, no caching, and `{ message }` as JSON
 * for the API and JSON requests (the shape app/http/api-errors.server.ts gives the routes'
 * errors), or the message as plain text.
 */
export function sendErrorAnswer(req: Request, res: Response, status: number, message: string): void {
  res.status(status).set("Cache-Control", "no-store");
  if (wantsJsonAnswer(req)) res.json({ message });
  else res.type("text/plain").send(message);
}

/** Whether an error answer to `req` should be JSON `{ message }` rather than plain text. */
export function wantsJsonAnswer(req: Request): boolean {
  return req.originalUrl.startsWith("/api/") || /\bjson\b/i.test(req.get("content-type") ?? "");
}
