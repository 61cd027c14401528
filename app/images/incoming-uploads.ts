import fs from "node:fs/promises";
import path from "node:path";

/** Where an upload waits while it is checked: owner-only, each file removed as its upload ends. */
export function incomingDir(dataDir: string): string {
  return path.resolve(dataDir, "uploads-incoming");
}

/**
 * Removes what a process killed mid-upload left in the incoming folder: files older than
 * `olderThanMs` (an upload being checked now, by this or another process on the machine, is
 * younger). Returns how many.
 */
export async function removeStaleUploads(dataDir: string, olderThanMs: number, now = Date.now()): Promise<number> {
  const dir = incomingDir(dataDir);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat?.isFile() || now - stat.mtimeMs < olderThanMs) continue;
    await fs.rm(file, { force: true });
    removed++;
  }
  return removed;
}
