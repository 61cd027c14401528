import { AsyncLocalStorage } from "node:async_hooks";
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");
// The checkout whose build is attacked: this one, or another one's to compare (--app-dir).
let appDir = root;
export function chooseAppDir(dir: string) {
  appDir = dir;
}

// The data folders each case made: cases run side by side (run.ts), so each removes its own.
const caseDataDirs = new AsyncLocalStorage<string[]>();

/** Runs a case; then removes the data folders startServer made for it. */
export async function withOwnDataDirs<T>(run: () => Promise<T>): Promise<T> {
  const created: string[] = [];
  try {
    return await caseDataDirs.run(created, run);
  } finally {
    for (const dir of created) fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface TrafficServer {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** Resident memory now, in MB. */
  rssMb(): number;
  /** SIGTERM; resolves with the seconds until the process was gone (killed at 20 s). */
  stop(): Promise<number>;
  /** kill -9, as a crash or the OOM killer would. */
  crash(): Promise<void>;
  output(): string;
}

/**
 * Starts the production build (`node server.js`) on `port` with a data folder (fresh unless
 * given), under an open-file limit when `descriptors` is set, and waits until `/` answers.
 */
export async function startServer({
  port,
  dataDir = newDataDir(),
  descriptors,
  warmImages = true,
}: {
  port: number;
  dataDir?: string;
  descriptors?: number;
  /**
   * false: no first-screen images derived in the background (WARM_IMAGES=off). A fresh data
   * folder takes ~40 minutes of them here, whose memory would be counted as the attack's.
   */
  warmImages?: boolean;
}): Promise<TrafficServer> {
  const command = descriptors ? `ulimit -n ${descriptors} && exec "$0" server.js` : `exec "$0" server.js`;
  // The embedded database in the fresh folder, whatever the caller's environment says.
  const { DATABASE_URL: _unused, ...inherited } = process.env;
  const child = spawn("/bin/sh", ["-c", command, process.execPath], {
    cwd: appDir,
    env: {
      ...inherited,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WARM_IMAGES: warmImages ? "on" : "off",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output.slice(-2_000)}`);
    const answered = await fetch(`${url}/`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) throw new Error(`the server did not answer within 120 s:\n${output.slice(-2_000)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    port,
    dataDir,
    child,
    rssMb: () => rssMbOf(child.pid),
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return 0;
      const began = Date.now();
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      await exited;
      clearTimeout(killer);
      return (Date.now() - began) / 1000;
    },
    async crash() {
      child.kill("SIGKILL");
      await exited;
    },
  };
}

function newDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-traffic-"));
  caseDataDirs.getStore()?.push(dir);
  return dir;
}

function rssMbOf(pid: number | undefined): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

/** Samples a server's RSS every 200 ms until stopped; gives the peak. */
export function watchMemory(server: TrafficServer) {
  let peak = server.rssMb();
  const timer = setInterval(() => {
    peak = Math.max(peak, server.rssMb());
  }, 200);
  return {
    peak: () => peak,
    stop: () => clearInterval(timer),
  };
}

/** The size of a folder in MB (what `du` counts), 0 when it is missing. */
export function folderMb(folder: string): number {
  let bytes = 0;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else bytes += fs.statSync(full, { throwIfNoEntry: false })?.blocks ?? 0;
    }
  };
  if (fs.existsSync(folder)) walk(folder);
  return Math.round((bytes * 512) / 1024 / 102.4) / 10;
}
