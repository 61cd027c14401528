import fs from "node:fs";
import path from "node:path";
import { isProcessAlive } from "#app/db/data-dir-lock.server.ts";
import { writeReadableFile } from "./cache-files.ts";

/**
 * Keeps DATA_DIR/image-cache bounded (decision 026): temporary files left by a process killed
 * mid-write are removed at start, and derivatives and zoom pyramids of versions nothing refers
 * to any more (a replaced original, a redrawn stand-in, a removed work) are deleted once they
 * have been unreferenced for a grace period, so a page opened before the change keeps working.
 */

/** An hour: a page opened before an original was replaced keeps its zoom and images that long. */
export const PRUNE_GRACE_MS = 60 * 60 * 1000;
/** Where each unreferenced entry was first seen unreferenced (kept across restarts). */
export const SUPERSEDED_LEDGER = ".superseded.json";

const DERIVATIVE_FOLDER = /^[a-z0-9][a-z0-9-]*-\d+$/;
const DERIVATIVE_FILE = /^[a-z0-9][a-z0-9_-]*\.[a-z0-9-]+\.(?:avif|webp|jpg|png)$/;
const PYRAMID_FOLDER = /^[a-z0-9][a-z0-9-]*\.[0-9a-f]{10}$/;
/** `<name>.<pid>.<hex or time>.tmp` (derivatives) and `<slug>.<version>.tmp-<pid>-<hex>` (pyramids). */
/** No derivative or pyramid takes this long to write. */
const STALE_TEMPORARY_MS = 60 * 60 * 1000;
const TEMPORARY = /\.(\d+)\.[0-9a-f]+\.tmp$|\.tmp-(\d+)-[0-9a-f]+$/;

export interface CacheReferences {
  /** Whether `<folder>/<file>` is a derivative of a current version. */
  isCurrentFile(relative: string): boolean;
  /** Whether a folder under zoom/ (`<slug>.<version>`) is a current pyramid. */
  isCurrentPyramid(folder: string): boolean;
}

function entries(dir: string): fs.Dirent[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** Temporary files and folders of processes that are gone; returns what was removed (relative). */
export async function removeTemporaryFiles(cacheDir: string): Promise<string[]> {
  const removed: string[] = [];
  const folders = [
    ".",
    ...entries(cacheDir)
      .filter((e) => e.isDirectory())
      .map((e) => e.name),
  ];
  for (const folder of folders) {
    for (const entry of entries(path.join(cacheDir, folder))) {
      const match = TEMPORARY.exec(entry.name);
      if (!match) continue;
      const pid = Number(match[1] ?? match[2]);
      const full = path.join(cacheDir, folder, entry.name);
      // A live process's file is still being written (this one, or another on the same cache),
      // unless it is older than any write takes: then its pid belongs to someone else by now.
      const stale = Date.now() - (fs.statSync(full, { throwIfNoEntry: false })?.mtimeMs ?? 0) > STALE_TEMPORARY_MS;
      if (pid === process.pid || (isProcessAlive(pid) && !stale)) continue;
      // Retried: a tiling child of a killed server may write its last tiles for a moment more
      // (it stops itself once it sees its parent gone), which fails a first rm with ENOTEMPTY.
      await fs.promises.rm(full, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      removed.push(path.join(folder, entry.name));
    }
  }
  return removed;
}

async function readLedger(file: string): Promise<Record<string, number>> {
  try {
    const parsed: unknown = JSON.parse(await fs.promises.readFile(file, "utf8"));
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
      return Object.fromEntries(Object.entries(parsed).filter(([, time]) => Number.isFinite(time))) as Record<
        string,
        number
      >;
    }
  } catch {
    // Missing or unreadable: every unreferenced entry starts its grace period now.
  }
  return {};
}

function sizeOf(target: string): number {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.size;
  return entries(target).reduce((total, entry) => total + sizeOf(path.join(target, entry.name)), 0);
}

/**
 * Deletes what has been unreferenced for `graceMs` or longer; entries seen unreferenced for the
 * first time start their grace period now. Returns what was deleted and what is still waiting.
 */
export async function pruneSuperseded(options: {
  cacheDir: string;
  references: CacheReferences;
  graceMs?: number;
  now?: number;
}): Promise<{ pruned: string[]; bytes: number; waiting: number }> {
  const { cacheDir, references, graceMs = PRUNE_GRACE_MS, now = Date.now() } = options;
  const ledgerFile = path.join(cacheDir, SUPERSEDED_LEDGER);
  if (!fs.existsSync(cacheDir)) return { pruned: [], bytes: 0, waiting: 0 };
  const previous = await readLedger(ledgerFile);
  const ledger: Record<string, number> = {};
  const pruned: string[] = [];
  let bytes = 0;

  const consider = async (relative: string, current: boolean) => {
    if (current) return;
    const since = previous[relative] ?? now;
    if (now - since < graceMs) {
      ledger[relative] = since;
      return;
    }
    const full = path.join(cacheDir, relative);
    bytes += sizeOf(full);
    await fs.promises.rm(full, { recursive: true, force: true });
    pruned.push(relative);
  };

  for (const folder of entries(cacheDir)) {
    if (!folder.isDirectory() || !DERIVATIVE_FOLDER.test(folder.name)) continue;
    for (const file of entries(path.join(cacheDir, folder.name))) {
      if (!file.isFile() || !DERIVATIVE_FILE.test(file.name)) continue;
      const relative = `${folder.name}/${file.name}`;
      await consider(relative, references.isCurrentFile(relative));
    }
  }
  for (const pyramid of entries(path.join(cacheDir, "zoom"))) {
    if (!pyramid.isDirectory() || !PYRAMID_FOLDER.test(pyramid.name)) continue;
    await consider(`zoom/${pyramid.name}`, references.isCurrentPyramid(pyramid.name));
  }

  const waiting = Object.keys(ledger).length;
  if (waiting > 0) await writeReadableFile(ledgerFile, Buffer.from(`${JSON.stringify(ledger)}\n`));
  else await fs.promises.rm(ledgerFile, { force: true });
  return { pruned, bytes, waiting };
}
