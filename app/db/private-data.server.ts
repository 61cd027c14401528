import fs from "node:fs";
import path from "node:path";

/**
 * The process umask for everything the site writes: owner only. Set by the server and the
 * command-line tools before they open DATA_DIR, so a new file (a WAL segment, a session's row
 * on disk, a mail) is never readable by another local user, whatever umask the operator's
 * shell or unit had. What other users must read (nginx's image cache) is opened up explicitly.
 */
export const PRIVATE_UMASK = 0o077;

const PRIVATE_DIR_MODE = 0o700;
const PRIVATE_FILE_MODE = 0o600;
// DATA_DIR itself when the site creates it: others may pass through to the image cache nginx
// reads (DATA_DIR/image-cache), but not list or read anything else.
const DATA_DIR_MODE = 0o711;

/** Owner-only from now on for this process's new files (not supported in worker threads). */
export function setPrivateUmask(): void {
  process.umask(PRIVATE_UMASK);
}

/**
 * Makes a folder and everything in it owner-only: folders 0700, files 0600 (symbolic links are
 * left alone, never followed). PGlite writes its data files 0666 whatever the umask (its file
 * system layer sets the modes PostgreSQL asks for inside WebAssembly), so the folder is made
 * private at open and again at close; a file it creates in between sits in a 0700 folder that
 * no other user can enter. Returns how many modes it changed.
 */
export function makePrivate(target: string): number {
  let changed = 0;
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry, { throwIfNoEntry: false });
    if (!stat) return; // removed while walking (PGlite recycles WAL segments)
    if (stat.isDirectory()) {
      if ((stat.mode & 0o777) !== PRIVATE_DIR_MODE) {
        fs.chmodSync(entry, PRIVATE_DIR_MODE);
        changed++;
      }
      for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
    } else if (stat.isFile() && (stat.mode & 0o777) !== PRIVATE_FILE_MODE) {
      fs.chmodSync(entry, PRIVATE_FILE_MODE);
      changed++;
    }
  };
  visit(target);
  return changed;
}

/**
 * Creates DATA_DIR when missing (0711: passable to nginx's image cache, not listable); an
 * existing folder keeps the mode its operator gave it, since what is private in it is private
 * on its own (0700 folders, 0600 files).
 */
export function ensureDataDir(dataDir: string): void {
  if (fs.existsSync(dataDir)) return;
  fs.mkdirSync(dataDir, { recursive: true });
  fs.chmodSync(dataDir, DATA_DIR_MODE);
}

/** A private folder under DATA_DIR (created 0700, or made 0700 when it was looser). */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if ((fs.statSync(dir).mode & 0o777) !== PRIVATE_DIR_MODE) fs.chmodSync(dir, PRIVATE_DIR_MODE);
}
