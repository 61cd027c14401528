import { someCause } from "#app/observability/error-causes.ts";

/** What a request that needs the image store (S3) is told while it cannot be reached. */
export const IMAGE_STORAGE_UNAVAILABLE_MESSAGE =
  "Image storage unavailable: the site cannot reach the store that holds uploaded images right now. Pages still work; try again in a minute.";

/**
 * The image store (the S3 bucket of uploaded originals) did not answer within its deadline, or
 * refused the connection. Its own class so that the answer (503 "image storage unavailable"), the
 * log line and `/readyz` name the store: the network error inside (ECONNREFUSED) would otherwise
 * read as the database's. The driver's words are kept in `reason`, not as `cause`, for that reason.
 */
export class ImageStorageUnavailableError extends Error {
  override name = "ImageStorageUnavailableError";
  constructor(readonly reason: string) {
    super(`Image storage unavailable: ${reason}`);
  }
}

/** Whether `error`, or an error it wraps, says the image store cannot be reached. */
export function isImageStorageUnavailable(error: unknown): boolean {
  return someCause(error, (candidate) => candidate instanceof ImageStorageUnavailableError);
}

/** The store's own words for the outage ("connect ECONNREFUSED 127.0.0.1:9000"), for a log line. */
export function imageStorageReason(error: unknown): string | undefined {
  let reason: string | undefined;
  someCause(error, (candidate) => {
    if (!(candidate instanceof ImageStorageUnavailableError)) return false;
    reason = candidate.reason;
    return true;
  });
  return reason;
}
