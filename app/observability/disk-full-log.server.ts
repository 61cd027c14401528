import path from "node:path";
import type { Logger } from "pino";
import { getEnv } from "#app/config/env.server.ts";
import { redactDatabaseUrl } from "#app/db/redact-database-url.ts";
import { diskFullCode, diskFullPath, diskFullReason } from "./disk-full.ts";
import { someCause } from "./error-causes.ts";
import { getLogger } from "./logger.server.ts";

/** A full disk is logged once per place in this long, however many writes fail meanwhile. */
const LOG_EVERY_MS = 10 * 60_000;
/** How long after a failed write /readyz still reports the disk full (a small probe may fit). */
const REMEMBER_MS = 60_000;

interface DiskFull {
  path: string;
  code: "ENOSPC" | "EDQUOT";
  at: number;
}

const loggedAt = new Map<string, number>();
let last: DiskFull | undefined;

/**
 * Records a write that failed for lack of space: one error log line naming the place (not one
 * per request), and the state /readyz reports. `where` is the place when the error names no
 * file; by default the database's folder for PostgreSQL's disk_full, else DATA_DIR.
 */
export function noteDiskFull(error: unknown, where?: string, logger: Logger = getLogger()): DiskFull {
  const full: DiskFull = {
    path: diskFullPath(error) ?? where ?? defaultPlace(error),
    code: diskFullCode(error),
    at: Date.now(),
  };
  last = full;
  const logged = loggedAt.get(full.path);
  if (logged === undefined || full.at - logged >= LOG_EVERY_MS) {
    loggedAt.set(full.path, full.at);
    logger.error(
      { path: full.path, code: full.code, reason: diskFullReason(error) },
      "disk full: writes fail until space is freed",
    );
  }
  return full;
}

/** The last write that failed for lack of space, if it was recent. */
export function recentDiskFull(now = Date.now()): DiskFull | undefined {
  return last && now - last.at < REMEMBER_MS ? last : undefined;
}

/** Space was found again (a probe write succeeded): the next full disk is logged at once. */
export function diskSpaceRecovered(): void {
  last = undefined;
  loggedAt.clear();
}

function defaultPlace(error: unknown): string {
  const env = getEnv();
  const fromDatabase = someCause(error, (candidate) => (candidate as { code?: unknown }).code === "53100");
  if (!fromDatabase) return path.resolve(env.DATA_DIR);
  return env.DATABASE_URL
    ? `the PostgreSQL server at ${redactDatabaseUrl(env.DATABASE_URL)}`
    : path.resolve(env.DATA_DIR, "pglite");
}
