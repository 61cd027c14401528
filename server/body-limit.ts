import type { NextFunction, Request, Response } from "express";
import { wantsJsonAnswer } from "./answer-format";

/**
 * The largest request body the site accepts, for every form and API endpoint. The admin forms
 * are a few hundred bytes; the biggest legitimate body, the bulk visibility PATCH at its
 * 5,000-id maximum, is about 55 KB.
 */
export const MAX_BODY_BYTES = 64 * 1024;

/** Thrown into the body stream of a request cut off at the limit, so no reader sees a short body as whole. */
export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
  readonly status = 413;
}

/**
 * Refuses request bodies over `maxBytes` with 413 before they are read, so memory does not grow
 * with what a client sends. A declared Content-Length over the limit is answered at once; a body
 * without one (chunked) is counted as it streams in and cut off once past the limit. The answer
 * says `Connection: close`, so the rest of the body is not read either.
 */
export function limitRequestBodies(maxBytes = MAX_BODY_BYTES) {
  return function limitRequestBody(req: Request, res: Response, next: NextFunction) {
    const declared = req.headers["content-length"];
    // Node's parser has already refused a malformed or conflicting Content-Length.
    if (declared !== undefined) {
      return Number(declared) > maxBytes ? refuse(req, res, maxBytes) : next();
    }
    if (req.headers["transfer-encoding"] === undefined) return next();

    // Counted where Node's HTTP parser hands each piece of the body to the request stream, so
    // whoever reads it, and however (events, pipes, React Router's web stream), nothing changes
    // for them, and a piece past the limit is never delivered.
    let received = 0;
    let refused = false;
    const push = req.push;
    req.push = function countedPush(chunk: Buffer | null, encoding?: BufferEncoding) {
      // Past the limit nothing more is delivered, not even the end: the reader gets an error.
      if (refused) return false;
      if (chunk !== null) {
        received += chunk.length;
        if (received > maxBytes) {
          refused = true;
          refuse(req, res, maxBytes);
          // false also tells the parser to stop reading the connection.
          return false;
        }
      }
      return push.call(this, chunk, encoding);
    };
    next();
  };
}

function refuse(req: Request, res: Response, maxBytes: number) {
  const error = new BodyTooLargeError();
  if (res.headersSent) {
    // An answer is already on its way; only stop reading.
    req.destroy(error);
    return;
  }
  const message = `This request is too large: forms and API requests on this site take at most ${Math.floor(maxBytes / 1024)} KB.`;
  res.status(413).set({ Connection: "close", "Cache-Control": "no-store" });
  if (wantsJsonAnswer(req)) res.json({ message });
  else res.type("text/plain").send(message);
  // Whoever is reading the body gets an error, not a clean end that would look like a short body.
  res.once("finish", () => req.destroy(error));
}
