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

/** An outbox file's name: the record's time and id, the same on every attempt. */
export function outboxFileName(createdAt: Date, mailId: number): string {
  return `${createdAt.toISOString().replace(/[:.]/g, "-")}-mail-${mailId}`;
}

const MAIL_ID_IN_NAME = /-mail-(\d+)\.json$/;

/**
 * Deletes the outbox files whose mail record is gone (an enquiry deleted, an address forgotten,
 * a retention sweep): the file holds the same text as the record, and must go with it rather
 * than a week later with the sent mail. `existing` says which of the given ids still have a
 * record. Returns how many files were removed.
 */
export async function removeOutboxFilesWithoutRecord(
  dataDir: string,
  existing: (ids: number[]) => Promise<Set<number>>,
): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(outboxDir(dataDir));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  const files = names.flatMap((name) => {
    const id = Number(MAIL_ID_IN_NAME.exec(name)?.[1]);
    return Number.isSafeInteger(id) ? [{ name, id }] : [];
  });
  if (files.length === 0) return 0;
  const kept = await existing([...new Set(files.map((file) => file.id))]);
  let removed = 0;
  for (const file of files) {
    if (kept.has(file.id)) continue;
    await fs.rm(path.join(outboxDir(dataDir), file.name), { force: true });
    removed += 1;
  }
  return removed;
}
