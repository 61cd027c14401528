import { someCause } from "./error-causes.ts";

/** What the server answers (507) and the tools print when a write found no room. */
export const DISK_FULL_MESSAGE =
  "The server's disk is full, so this could not be saved. Try again once space is freed.";

const DISK_CODES = new Set(["ENOSPC", "EDQUOT"]);
// PostgreSQL's disk_full (PGlite reports it too: 'could not extend file "base/5/16398": No space left on device').
const DISK_FULL_SQLSTATE = "53100";
const DISK_MESSAGES = /No space left on device|Disk quota exceeded|\bENOSPC\b|\bEDQUOT\b/;

/**
 * Whether `error` (or what it wraps) is a write that found no room: ENOSPC or EDQUOT from the
 * file system, or PostgreSQL's and PGlite's disk_full.
 */
export function isDiskFull(error: unknown): boolean {
  return someCause(error, (candidate) => {
    const { code, message } = candidate as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (DISK_CODES.has(code) || code === DISK_FULL_SQLSTATE)) return true;
    return typeof message === "string" && DISK_MESSAGES.test(message);
  });
}

/** The file a disk-full error names (Node puts it on `path`), or undefined when it names none. */
export function diskFullPath(error: unknown): string | undefined {
  let found: string | undefined;
  someCause(error, (candidate) => {
    const { path } = candidate as { path?: unknown };
    if (typeof path === "string" && path) found = path;
    return found !== undefined;
  });
  return found;
}

/**
 * The words of the error that says the disk is full (PGlite: 'could not extend file "base/5/1":
 * No space left on device'), for a log line: never the wrapping error's, which quotes the query
 * and its parameters.
 */
export function diskFullReason(error: unknown): string | undefined {
  let reason: string | undefined;
  someCause(error, (candidate) => {
    const { code, message } = candidate as { code?: unknown; message?: unknown };
    const full =
      (typeof code === "string" && (DISK_CODES.has(code) || code === DISK_FULL_SQLSTATE)) ||
      (typeof message === "string" && DISK_MESSAGES.test(message));
    if (full) reason = String(message ?? code);
    return full;
  });
  return reason;
}

/** The errno name of a disk-full error, for one-line messages ("ENOSPC" unless it was a quota). */
export function diskFullCode(error: unknown): "ENOSPC" | "EDQUOT" {
  return someCause(error, (candidate) => (candidate as { code?: unknown }).code === "EDQUOT") ? "EDQUOT" : "ENOSPC";
}

/**
 * One line for an operator: what is full, where, and what to do. `where` is the folder the
 * failed write was under when the error itself names no file (a write to an open descriptor).
 */
export function diskFullLine(error: unknown, where: string): string {
  const path = diskFullPath(error) ?? where;
  return (
    `The disk holding ${path} is full (${diskFullCode(error)}). ` +
    "Free space on it (old backups, logs), or use a larger disk, then try again."
  );
}
