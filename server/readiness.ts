import fs from "node:fs/promises";
import path from "node:path";
import type { Request, Response } from "express";
import type { Logger } from "pino";
import type { Database } from "#app/db/database.server.ts";
import { diskFullCode, diskFullLine, isDiskFull } from "#app/observability/disk-full.ts";
import { diskSpaceRecovered, noteDiskFull, recentDiskFull } from "#app/observability/disk-full-log.server.ts";

const PING_LIMIT_MS = 2_000;
/** Written and removed on each check: a full disk refuses even this much. */
const PROBE_BYTES = 64 * 1024;
/**
 * Below this much free space a recent failed write still counts: PostgreSQL (PGlite too) needs
 * room for a whole 16 MB WAL segment and new table pages, not just a small file.
 */
const ROOM_TO_WORK_BYTES = 16 * 1024 * 1024;

type DiskState =
  | { status: "ok"; freeBytes?: number }
  | { status: "full"; path: string; code: string; message: string }
  | { status: "unwritable"; path: string; message: string };

/**
 * `/readyz`: 200 when the database answers (within 2 s) and DATA_DIR takes a write; otherwise
 * 503 saying which is not (`database`, `disk`: "full" names the place and what to do). The disk
 * is also reported full for a minute after any write failed for lack of space while less than
 * 16 MB is free, since a small probe may still fit where the database's writes do not.
 *
 * With an S3 image store, `imageStorage` says whether its bucket answers (within 2 s). A store
 * that does not leaves the answer 200 with status "degraded" and the store named (decision 061):
 * pages and images already made still work, so taking the instance out would cost more than it saves.
 */
export function readiness(options: {
  database: Database;
  dataDir: string;
  logger: Logger;
  stopping: () => boolean;
  /** The S3 store of uploaded originals; none with originals on disk. */
  imageStore?: { ping(): Promise<void> };
}) {
  return async (_req: Request, res: Response) => {
    res.set("Cache-Control", "no-store");
    if (options.stopping()) return void res.status(503).json({ status: "stopping" });
    const [database, disk, imageStorage] = await Promise.all([
      withinPingLimit(options.database.ping(), "database"),
      probeDisk(options.dataDir, options.logger),
      options.imageStore ? withinPingLimit(options.imageStore.ping(), "image storage") : undefined,
    ]);
    const ready = database === "ok" && disk.status === "ok";
    const storeDown = imageStorage !== undefined && imageStorage !== "ok";
    const message =
      database !== "ok"
        ? `Database unavailable: ${database}`
        : disk.status !== "ok"
          ? disk.message
          : storeDown
            ? `Image storage unavailable: ${imageStorage}`
            : undefined;
    res.status(ready ? 200 : 503).json({
      status: ready ? (storeDown ? "degraded" : "ready") : "unavailable",
      database: options.database.kind,
      ...(database === "ok" ? {} : { databaseError: database }),
      disk,
      ...(imageStorage === undefined ? {} : { imageStorage: storeDown ? "unavailable" : "ok" }),
      ...(storeDown ? { imageStorageError: imageStorage } : {}),
      ...(message ? { message } : {}),
    });
  };
}

/** "ok", or why `ping` failed or did not settle within 2 s. */
async function withinPingLimit(ping: Promise<void>, what: string): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      ping,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} did not answer in 2 s`)), PING_LIMIT_MS);
      }),
    ]);
    return "ok";
  } catch (error) {
    // The store's error already says "Image storage unavailable"; its reason is the detail.
    const { reason, message } = error as { reason?: string; message: string };
    return reason ?? message;
  } finally {
    clearTimeout(timer);
  }
}

/** Writes a small file to `dataDir` and removes it: what every write there needs. */
export async function probeDisk(dataDir: string, logger: Logger): Promise<DiskState> {
  const probe = path.join(dataDir, `.readyz-probe-${process.pid}`);
  try {
    await fs.writeFile(probe, Buffer.alloc(PROBE_BYTES), { mode: 0o600 });
  } catch (error) {
    await fs.rm(probe, { force: true }).catch(() => {});
    if (isDiskFull(error)) {
      const full = noteDiskFull(error, path.resolve(dataDir), logger);
      return { status: "full", path: full.path, code: diskFullCode(error), message: diskFullLine(error, full.path) };
    }
    return {
      status: "unwritable",
      path: path.resolve(dataDir),
      message: `DATA_DIR cannot be written: ${(error as Error).message}`,
    };
  }
  await fs.rm(probe, { force: true });
  const stats = await fs.statfs(dataDir).catch(() => undefined);
  const freeBytes = stats ? stats.bavail * stats.bsize : undefined;
  const recent = recentDiskFull();
  if (recent && (freeBytes === undefined || freeBytes < ROOM_TO_WORK_BYTES)) {
    const message = `A write failed for lack of space ${Math.round((Date.now() - recent.at) / 1000)} s ago: ${diskFullLine({ code: recent.code }, recent.path)}`;
    return { status: "full", path: recent.path, code: recent.code, message };
  }
  diskSpaceRecovered();
  return { status: "ok", ...(freeBytes === undefined ? {} : { freeBytes }) };
}
