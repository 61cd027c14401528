import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { atMost, type Measurement, round } from "#bench/budgets.ts";
import { repoRoot } from "#bench/server-process.ts";

/**
 * A fresh clone of the current commit, then the README's first command (`npm install && npm
 * start`), timed until the first page answers. npm's download cache is warm, as on any machine
 * that has installed the project once.
 */
export async function measureFreshStart(port: number): Promise<Measurement> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-clone-"));
  execFileSync("git", ["clone", "-q", repoRoot, dir]);
  const started = performance.now();
  const child = spawn("sh", ["-c", "npm install --no-audit --no-fund >/dev/null 2>&1 && npm start"], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: path.join(dir, "data") },
    stdio: "ignore",
    detached: true,
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/`)).ok) break;
      } catch {
        // not yet
      }
      if (child.exitCode !== null) throw new Error("npm start exited before serving");
      if (performance.now() - started > 300_000) throw new Error("not serving after 300 s");
      await new Promise((r) => setTimeout(r, 250));
    }
    return atMost(
      "Fresh clone to first page (npm install && npm start)",
      round((performance.now() - started) / 1000, 1),
      90,
      "s",
    );
  } finally {
    if (child.pid) process.kill(-child.pid, "SIGTERM");
    setTimeout(() => fs.rmSync(dir, { recursive: true, force: true }), 2000).unref();
  }
}
