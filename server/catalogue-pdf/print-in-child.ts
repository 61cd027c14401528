import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { BuildCataloguePdf } from "./catalogue-pdf-rebuilds.ts";

/** Longer than any real print (about 10 s on a loaded machine with cold images), short of forever. */
const PRINT_TIMEOUT_MS = 10 * 60_000;

/**
 * Prints the catalogue in a short-lived child process (build/server/catalogue-pdf-child.js):
 * sharp's encodes and the book's buffers take a few hundred MB, which a child gives back to the
 * system when it exits and the server (300 MB budget, issue 20) never holds. The job goes in a
 * file beside the output; the child's last words on stderr are the failure's reason.
 */
export function printInChild(options: { childScript: string; cwd?: string }): BuildCataloguePdf {
  return async (target, out) => {
    if (!fs.existsSync(options.childScript))
      throw new Error(`${options.childScript} is missing: run npm run build to print the catalogue PDF`);
    const jobFile = path.join(path.dirname(out), `.catalogue-job-${process.pid}-${Date.now()}.json`);
    fs.writeFileSync(jobFile, JSON.stringify({ ...target.job, originals: await target.originals() }), { mode: 0o600 });
    try {
      await new Promise<void>((resolve, reject) => {
        const child = spawn(process.execPath, [options.childScript, jobFile, out], {
          cwd: options.cwd,
          stdio: ["ignore", "ignore", "pipe"],
        });
        let errors = "";
        child.stderr.on("data", (chunk: Buffer) => {
          errors = (errors + chunk.toString()).slice(-2000);
        });
        const timer = setTimeout(() => child.kill("SIGKILL"), PRINT_TIMEOUT_MS);
        const stopWithServer = () => child.kill("SIGKILL");
        process.once("exit", stopWithServer);
        child.on("error", reject);
        child.on("exit", (code, signal) => {
          clearTimeout(timer);
          process.off("exit", stopWithServer);
          if (code === 0) resolve();
          else reject(new Error(errors.trim() || `the printing process ended (${signal ?? `exit ${code}`})`));
        });
      });
    } finally {
      fs.rmSync(jobFile, { force: true });
    }
  };
}
