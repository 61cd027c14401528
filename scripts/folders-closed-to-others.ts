// Which folders on the way to a path other users cannot enter. nginx's workers run as www-data,
// not as the checkout's owner, so every folder above what they serve needs the "x" bit for others
// (0755 or 0711): a clone in /root or in a `mktemp -d` folder (0700) is closed to them.
import fs from "node:fs";
import path from "node:path";

/** The folders from `/` down to `target` (those that exist) that others cannot enter. */
export function foldersClosedToOthers(target: string): string[] {
  const closed: string[] = [];
  let dir = path.resolve(target);
  for (;;) {
    try {
      const stat = fs.statSync(dir);
      if (stat.isDirectory() && (stat.mode & 0o001) === 0) closed.unshift(dir);
    } catch {
      // Not there yet: nothing to enter.
    }
    const parent = path.dirname(dir);
    if (parent === dir) return closed;
    dir = parent;
  }
}

/** Folders and files under `dir` made readable by others (0755, 0644), as nginx's workers need. */
export function makeReadableByOthers(dir: string): void {
  fs.chmodSync(dir, 0o755);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) makeReadableByOthers(full);
    else if (entry.isFile()) fs.chmodSync(full, 0o644);
  }
}
