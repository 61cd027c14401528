import type { NextFunction, Request, Response } from "express";
import { ARCHIVE_LIMITS } from "#app/content-archive/archive-layout.server.ts";
import { sendErrorAnswer } from "#app/http/error-answer.server.ts";

/**
 * The largest request body the site accepts, for every form and API endpoint. The admin forms
 * are a few hundred bytes; the biggest legitimate body, the bulk visibility PATCH at its
 * 5,000-id maximum, is about 55 KB.
 */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * The content editor's limit (/admin/content/...): one document's text, form-encoded (which can
 * triple it). The editor itself refuses more than MAX_DOCUMENT_TEXT characters with a message.
 */
export const CONTENT_EDITOR_BODY_BYTES = 1024 * 1024;

/**
 * The image panel's uploads (/admin/content-images/...): one original of at most 40 MB
 * (inspect-upload.ts refuses past it with its own sentence), plus the multipart envelope.
 */
export const IMAGE_UPLOAD_BODY_BYTES = 40 * 1024 * 1024 + 64 * 1024;

/**
 * The exhibition editor's file uploads (/admin/content-files, decision 048): one recording of at
 * most 100 MB (a PDF's 40 MB is checked by its kind), plus the multipart envelope.
 */
export const FILE_UPLOAD_BODY_BYTES = 100 * 1024 * 1024 + 64 * 1024;

/**
 * The studio's site import (/admin/content/archive): one archive of at most 1 GB, streamed to
 * disk as it arrives (archive-layout.server.ts), plus the multipart envelope.
 */
export const ARCHIVE_UPLOAD_BODY_BYTES = ARCHIVE_LIMITS.archiveBytes + 64 * 1024;

const LINGER_MS = 2_000;

/** Thrown into the body stream of a request cut off at the limit, so no reader sees a short body as whole. */
export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
  readonly status = 413;
}

/**
 * Refuses request bodies over `maxBytes` with 413 before they are read, so memory does not grow
 * with what a client sends. A declared Content-Length over the limit is answered at once; a body
 * without one (chunked) is counted as it streams in and cut off once past the limit. The answer
 * says `Connection: close`: the rest of the body is dropped, not kept, and the connection ends
 * soon after (see lingerThenClose).
 */
export function limitRequestBodies(maxBytes = MAX_BODY_BYTES, message?: string) {
  return function limitRequestBody(req: Request, res: Response, next: NextFunction) {
    const declared = req.headers["content-length"];
    // Node's parser has already refused a malformed or conflicting Content-Length.
    if (declared !== undefined) {
      return Number(declared) > maxBytes ? refuse(req, res, maxBytes, message) : next();
    }
    if (req.headers["transfer-encoding"] === undefined) return next();

    // Counted where Node's HTTP parser hands each piece of the body to the request stream, so
    // whoever reads it, and however (events, pipes, React Router's web stream), nothing changes
    // for them, and a piece past the limit is never delivered.
    let received = 0;
    let refused = false;
    const push = req.push;
    req.push = function countedPush(chunk: Buffer | null, encoding?: BufferEncoding) {
      // Past the limit nothing more is delivered, not even the end (the reader gets an error
      // instead); the rest is read off the connection and dropped until it closes.
      if (refused) return true;
      if (chunk !== null) {
        received += chunk.length;
        if (received > maxBytes) {
          refused = true;
          refuse(req, res, maxBytes, message);
          return true;
        }
      }
      return push.call(this, chunk, encoding);
    };
    next();
  };
}

function refuse(req: Request, res: Response, maxBytes: number, sentence?: string) {
  const error = new BodyTooLargeError();
  if (res.headersSent) {
    // An answer is already on its way; only stop reading.
    req.destroy(error);
    return;
  }
  const message =
    sentence ??
    `This request is too large: forms and API requests on this site take at most ${Math.floor(maxBytes / 1024)} KB.`;
  res.set("Connection", "close");
  sendErrorAnswer(req, res, 413, message);
  lingerThenClose(req, error);
}

/**
 * Closing the connection right after the 413 would reset it while the client is still sending,
 * and a reset can throw the 413 away before the client reads it. So Node's close after the
 * answer only ends our side, and what still arrives is read and dropped for LINGER_MS (a
 * "lingering close", as nginx does); then the request is destroyed with `error`, which is what
 * anyone still reading the body gets.
 */
function lingerThenClose(req: Request, error: BodyTooLargeError) {
  const socket = req.socket;
  socket.destroySoon = () => {
    socket.end();
    setTimeout(() => req.destroy(error), LINGER_MS).unref();
  };
}
