import type { Request } from "express";

/** Whether an error answer to `req` should be JSON `{ message }` (API and JSON requests) rather than plain text. */
export function wantsJsonAnswer(req: Request): boolean {
  return req.path.startsWith("/api/") || /\bjson\b/i.test(req.get("content-type") ?? "");
}
