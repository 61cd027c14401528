import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * nginx, another user, reads the image cache directly (decision 015), while the server runs
 * with umask 077 so its database and secrets stay private (decision 026). So every folder made
 * here is 0755 and every file 0644, set explicitly: mkdir's and writeFile's modes are masked.
 */
export const CACHE_DIR_MODE = 0o755;
export const CACHE_FILE_MODE = 0o644;

/**
 * Makes `dir` and every missing folder above it; those from the cache folder `root` down are
 * made 0755 (a folder above `root`, DATA_DIR, is left to the server's umask).
 */
export async function makeReadableDir(root: string, dir: string): Promise<void> {
  const first = await fs.promises.mkdir(dir, { recursive: true });
  if (first === undefined) return;
  // Folders created by this call: `first` and each one below it down to `dir`.
  for (let current = dir; !path.relative(root, current).startsWith(".."); current = path.dirname(current)) {
    await fs.promises.chmod(current, CACHE_DIR_MODE);
    if (current === first || current === root) break;
  }
}

/** Writes `file` whole or not at all (temporary file, mode 0644, then rename). */
export async function writeReadableFile(file: string, body: Buffer): Promise<void> {
  const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
  try {
    await fs.promises.writeFile(temporary, body, { mode: CACHE_FILE_MODE });
    await fs.promises.chmod(temporary, CACHE_FILE_MODE);
    await fs.promises.rename(temporary, file);
  } catch (error) {
    await fs.promises.rm(temporary, { force: true });
    throw error;
  }
}

/** Sets 0755 on `dir` and every folder below it and 0644 on every file (a pyramid before its rename). */
export async function makeTreeReadable(dir: string): Promise<void> {
  await fs.promises.chmod(dir, CACHE_DIR_MODE);
  for (const entry of await fs.promises.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await makeTreeReadable(full);
    else await fs.promises.chmod(full, CACHE_FILE_MODE);
  }
}
