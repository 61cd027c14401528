import { data } from "react-router";
import { isDatabaseUnreachable } from "#app/db/database-unreachable.server.ts";
import { DISK_FULL_MESSAGE, isDiskFull } from "#app/observability/disk-full.ts";
import { noteDiskFull } from "#app/observability/disk-full-log.server.ts";
import {
  IMAGE_STORAGE_UNAVAILABLE_MESSAGE,
  isImageStorageUnavailable,
} from "#app/uploads/image-storage-unavailable.ts";

/** What a request that needs the database is told while it cannot be reached. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  "Database unavailable: the site cannot reach its database right now. Public pages still work; try again in a minute.";

/** Seconds a client is asked to wait before trying again (Retry-After) during an outage. */
export const OUTAGE_RETRY_AFTER_SECONDS = 30;

const outageHeaders = { "Cache-Control": "no-store", "Retry-After": String(OUTAGE_RETRY_AFTER_SECONDS) };

/** How an answer is shaped: `{ message }` JSON for the API, the message for a page's error boundary. */
export type AnswerKind = "json" | "page";

/**
 * The answer to a failure that is the server's circumstance rather than a bug: the image store
 * or the database cannot be reached (503 with Retry-After, naming which) or the disk is full (507, logged once with the
 * place). Undefined for any other error.
 */
export function outageAnswer(error: unknown, kind: AnswerKind) {
  if (isImageStorageUnavailable(error)) return answer(503, IMAGE_STORAGE_UNAVAILABLE_MESSAGE, kind);
  if (isDatabaseUnreachable(error)) return answer(503, DATABASE_UNAVAILABLE_MESSAGE, kind);
  if (isDiskFull(error)) {
    noteDiskFull(error);
    return answer(507, DISK_FULL_MESSAGE, kind);
  }
  return undefined;
}

function answer(status: 503 | 507, message: string, kind: AnswerKind) {
  const headers = status === 503 ? outageHeaders : { "Cache-Control": "no-store" };
  const statusText = status === 503 ? "Service Unavailable" : "Insufficient Storage";
  return kind === "json"
    ? Response.json({ message }, { status, statusText, headers })
    : data(message, { status, statusText, headers });
}

/** Throws the outage answer for `error`, or `error` itself when it is not an outage. */
export function rethrowAsOutageAnswer(kind: AnswerKind): (error: unknown) => never {
  return (error) => {
    throw outageAnswer(error, kind) ?? error;
  };
}

/**
 * A loader or action whose outage errors become their answers (thrown, so a page shows its
 * error boundary with the message); any other error passes on unchanged.
 */
export function answeringOutages<Args, Result>(
  kind: AnswerKind,
  handler: (args: Args) => Promise<Result>,
): (args: Args) => Promise<Result> {
  return (args) => handler(args).catch(rethrowAsOutageAnswer(kind));
}
