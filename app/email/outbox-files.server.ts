import fs from "node:fs/promises";
import path from "node:path";

/** Where messages go when no SMTP server is configured: one JSON file per message. */
export function outboxDir(dataDir: string): string {
  return path.resolve(dataDir, "outbox");
}

const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

/**
 * Writes one message to the outbox as `<name>.json`, readable by the server's user only (a
 * reset link is a credential) whatever the umask or the folder's earlier mode. Written to a
 * hidden `.partial` file first and renamed, so a reader never sees half a message; the same
 * name twice replaces the file, so a message sent again after a crash is still one file.
 */
export async function writeOutboxFile(dataDir: string, name: string, content: object): Promise<string> {
  const dir = outboxDir(dataDir);
  await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
  await fs.chmod(dir, PRIVATE_DIR);
  const file = path.join(dir, `${name}.json`);
  const partial = path.join(dir, `.${name}.json.partial`);
  const handle = await fs.open(partial, "w", PRIVATE_FILE);
  try {
    // The umask may have taken bits off the mode above, never added any; this sets it exactly.
    await handle.chmod(PRIVATE_FILE);
    await handle.writeFile(`${JSON.stringify(content, null, 2)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(partial, file);
  return file;
}

/**
 * Deletes outbox files last changed before `olderThan` (sent mail is kept for a set time, then
 * pruned), and partial files left by a crash. Returns how many were removed.
 */
export async function pruneOutboxFiles(dataDir: string, olderThan: Date): Promise<number> {
  const dir = outboxDir(dataDir);
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith(".json") && !name.endsWith(".partial")) continue;
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat?.isFile() || stat.mtime >= olderThan) continue;
    await fs.rm(file, { force: true });
    removed += 1;
  }
  return removed;
}
