import fs from "node:fs";
import path from "node:path";

export interface DataDirLock {
  release(): void;
}

/** Whether a process runs (EPERM: it does, as another user); a lock's or a temporary file's owner. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  // A killed process not yet reaped (a zombie) still answers kill(0) but writes nothing more.
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").pop()?.[0] !== "Z";
  } catch {
    return true; // no /proc: trust kill(0)
  }
}

/**
 * Claims DATA_DIR for this process (a pid file). The embedded database must never be opened by
 * two processes at once; a lock left by a dead process (crash, SIGKILL) is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = path.join(dataDir, "database.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx", mode: 0o600 });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(file, "utf8") === String(process.pid)) fs.unlinkSync(file);
          } catch {
            // Already gone.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") {
        // Created but not written (a full disk): an empty lock must not be left behind.
        fs.rmSync(file, { force: true });
        throw error;
      }
      const owner = Number.parseInt(fs.readFileSync(file, "utf8"), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isProcessAlive(owner)) {
        throw new Error(
          `The embedded database in ${path.resolve(dataDir)} is in use by process ${owner}. ` +
            "Stop that process first, or set DATABASE_URL to share a PostgreSQL server.",
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${file}`);
}
