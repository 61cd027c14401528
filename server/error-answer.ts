import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";
import { isDatabaseUnreachable, outageReason } from "#app/db/database-unreachable.server.ts";
import { sendErrorAnswer } from "#app/http/error-answer.server.ts";
import { DATABASE_UNAVAILABLE_MESSAGE, OUTAGE_RETRY_AFTER_SECONDS } from "#app/http/outage-answers.server.ts";
import { DISK_FULL_MESSAGE, isDiskFull } from "#app/observability/disk-full.ts";
import { noteDiskFull } from "#app/observability/disk-full-log.server.ts";
import {
  IMAGE_STORAGE_UNAVAILABLE_MESSAGE,
  imageStorageReason,
  isImageStorageUnavailable,
} from "#app/uploads/image-storage-unavailable.ts";

// What a person can do about each client error Express itself raises (a malformed %-escape in a
// path is a 400, a missing build asset a 404). Their own messages can name files on the server.
const clientMessages: Record<number, string> = {
  400: "This address or request is malformed (for example a broken %-escape). Check the link and try again.",
  404: "There is nothing at this address. It may have moved, or the link may be mistyped.",
  405: "This address does not take that method.",
  413: "This request is too large.",
  416: "The requested range is not available for this file.",
};

/**
 * The last Express handler: answers errors that Express, a static file or a handler passed on.
 * A client error (4xx) keeps its status, gets a message a person can act on and one warn log
 * line; an outage is named (a full disk: 507, logged once with the place; the database or the
 * image store unreachable: 503 with Retry-After, saying which); anything else is a 500 logged at error with its stack.
 */
export function answerErrors(logger: Logger) {
  return function answerError(error: unknown, req: Request, res: Response, next: NextFunction) {
    if (isImageStorageUnavailable(error)) return answerImageStorageOutage(error, req, res, next, logger);
    if (isDiskFull(error) || isDatabaseUnreachable(error)) return answerOutage(error, req, res, next, logger);
    const status = statusOf(error);
    const where = { method: req.method, path: req.path, status };
    if (status >= 500) logger.error({ ...where, err: error }, "request failed");
    else logger.warn({ ...where, reason: (error as Error)?.message }, "request refused");
    // Part of an answer is already out: Express can only end the connection.
    if (res.headersSent) return next(error);
    const message =
      status >= 500
        ? "Something went wrong on our side. Please try again in a moment."
        : (clientMessages[status] ?? "This request cannot be answered as sent.");
    sendErrorAnswer(req, res, status, message);
  };
}

function answerOutage(error: unknown, req: Request, res: Response, next: NextFunction, logger: Logger) {
  const diskFull = isDiskFull(error);
  if (diskFull) noteDiskFull(error, undefined, logger);
  else
    logger.warn(
      { method: req.method, path: req.path, status: 503, reason: outageReason(error) },
      "database unavailable",
    );
  if (res.headersSent) return next(error);
  if (!diskFull) res.set("Retry-After", String(OUTAGE_RETRY_AFTER_SECONDS));
  sendErrorAnswer(req, res, diskFull ? 507 : 503, diskFull ? DISK_FULL_MESSAGE : DATABASE_UNAVAILABLE_MESSAGE);
}

function answerImageStorageOutage(error: unknown, req: Request, res: Response, next: NextFunction, logger: Logger) {
  logger.warn(
    { method: req.method, path: req.path, status: 503, reason: imageStorageReason(error) },
    "image storage unavailable",
  );
  if (res.headersSent) return next(error);
  res.set("Retry-After", String(OUTAGE_RETRY_AFTER_SECONDS));
  sendErrorAnswer(req, res, 503, IMAGE_STORAGE_UNAVAILABLE_MESSAGE);
}

function statusOf(error: unknown): number {
  const candidate = (error as { status?: unknown; statusCode?: unknown } | null) ?? {};
  const status = Number(candidate.status ?? candidate.statusCode);
  return Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500;
}
