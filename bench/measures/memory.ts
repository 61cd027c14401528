import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { atMost, failed, info, type Measurement, round } from "#bench/budgets.ts";
import { serverNodeFlags } from "#bench/server-node-flags.ts";
import { MAX_REQUESTS_PER_CONNECTION } from "#server/site-server.ts";
import { MemoryRecorder, type MemorySample } from "./memory-samples.ts";

export interface MemoryRun {
  /** Spawn to the first 200 from /readyz, in seconds. */
  readySeconds: number;
  /** Seconds from ready until the log said image warming was over (null: not on, or not within the wait). */
  warmSeconds: number | null;
  crawled: number;
  loadRequests: number;
  peak: { rss: number; tree: number; anon: number; file: number };
  /** After 10 s of quiet following the load. */
  settled: MemorySample;
  byPhase: Record<string, { rss: number; tree: number }>;
  loadAverage: number[];
  stderr: string;
}

export interface MemoryRunOptions {
  /** The checkout whose build runs (`node server.js` there). */
  cwd: string;
  port: number;
  /** Extra environment (DATABASE_URL, WARM_IMAGES, CONTENT_DIR, ...). DATA_DIR: a fresh folder unless given. */
  env?: Record<string, string>;
  /** Node arguments instead of `npm start`'s (serverNodeFlags), e.g. to compare without them. */
  nodeArgs?: string[];
  /** Seconds of load after the crawl (30). */
  loadSeconds?: number;
  /** Longest wait for warming to finish (180 s). */
  warmTimeoutSeconds?: number;
  /** Stop after /readyz: only the start time is wanted. */
  readyOnly?: boolean;
}

const WARMED = /"msg":"(?:first-screen images warm|warming images stopped)"/;
const PYRAMIDS_DONE = /"msg":"zoom pyramids built"/;

/**
 * The server from start through image warming, a crawl of every sitemap URL and `loadSeconds`
 * of load on those pages, with its resident memory sampled every 100 ms throughout (issue 20).
 */
export async function runServerMemory(options: MemoryRunOptions): Promise<MemoryRun> {
  const { cwd, port, loadSeconds = 30, warmTimeoutSeconds = 180 } = options;
  const dataDir = options.env?.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "umbra-bench-memory-"));
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? serverNodeFlags()), "server.js"], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      PUBLIC_URL: url,
      ...options.env,
      DATA_DIR: dataDir,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const recorder = new MemoryRecorder(child.pid ?? 0);
  const finish = (readySeconds: number, warmSeconds: number | null, crawled: number, loadRequests: number) =>
    memoryRunOf(recorder, { readySeconds, warmSeconds, crawled, loadRequests, stderr });
  try {
    const readySeconds = await waitForReady(child, url, started, () => stderr);
    if (options.readyOnly) {
      return finish(readySeconds, null, 0, 0);
    }
    recorder.phase = "warming";
    const warmOn = options.env?.WARM_IMAGES !== "off";
    const warmSeconds = warmOn ? await waitForWarming(() => stdout, warmTimeoutSeconds) : null;
    recorder.phase = "crawl";
    const pages = await crawl(url);
    recorder.phase = "load";
    const loadRequests = await loadPages(url, pages, loadSeconds);
    recorder.phase = "settle";
    await sleep(10_000);
    return finish(readySeconds, warmSeconds, pages.length, loadRequests);
  } finally {
    recorder.stop();
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
    });
    if (!options.env?.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds from `started` to the first ready /readyz; throws when the server exits or takes over 120 s. */
async function waitForReady(child: ChildProcess, url: string, started: number, stderr: () => string) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr().slice(-1000)}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return (performance.now() - started) / 1000;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 120_000) throw new Error("no /readyz within 120 s");
    await sleep(25);
  }
}

/**
 * Seconds until warming is done, from the log: the pyramids of new originals, the first
 * screens, then every work's pyramid (the last pass logs only when it has pyramids to build).
 * Null when it did not finish within `timeoutSeconds`.
 */
async function waitForWarming(stdout: () => string, timeoutSeconds: number): Promise<number | null> {
  const readyAt = performance.now();
  const deadline = readyAt + timeoutSeconds * 1000;
  let warmSeenAt = 0;
  while (performance.now() < deadline) {
    const log = stdout();
    const at = log.search(WARMED);
    if (at >= 0) {
      warmSeenAt ||= performance.now();
      const after = log.slice(at);
      if (PYRAMIDS_DONE.test(after)) break;
      if (!/"msg":"building zoom pyramids"/.test(after) && performance.now() - warmSeenAt > 2000) break;
    }
    await sleep(250);
  }
  return performance.now() < deadline ? (performance.now() - readyAt) / 1000 : null;
}

/** Every sitemap page, asked for once as a browser asks (compressed); returns their paths. */
async function crawl(url: string): Promise<string[]> {
  const sitemap = await (await fetch(`${url}/sitemap.xml`)).text();
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "/").pathname);
  for (const page of pages) {
    await (await fetch(url + page, { headers: { "Accept-Encoding": "br, gzip" } })).arrayBuffer();
  }
  return pages;
}

/** `seconds` of load on the pages from 10 connections; the 2xx answers it got. */
async function loadPages(url: string, pages: string[], seconds: number): Promise<number> {
  if (seconds <= 0) return 0;
  const result = await autocannon({
    url,
    connections: 10,
    duration: seconds,
    // A new connection where the server ends one, as browsers and nginx do (load.ts).
    reconnectRate: MAX_REQUESTS_PER_CONNECTION,
    requests: pages.map((page) => ({ method: "GET", path: page, headers: { "Accept-Encoding": "br, gzip" } })),
  });
  return result["2xx"];
}

/** The run's figures from its memory samples. */
function memoryRunOf(
  recorder: MemoryRecorder,
  run: { readySeconds: number; warmSeconds: number | null; crawled: number; loadRequests: number; stderr: string },
): MemoryRun {
  const settled = recorder.take() ?? recorder.last();
  if (!settled) throw new Error("no memory sample");
  const byPhase: MemoryRun["byPhase"] = {};
  for (const phase of new Set(recorder.samples.map((s) => s.phase))) {
    byPhase[phase] = { rss: recorder.peak("rss", phase), tree: recorder.peak("tree", phase) };
  }
  return {
    ...run,
    peak: {
      rss: recorder.peak("rss"),
      tree: recorder.peak("tree"),
      anon: recorder.peak("anon"),
      file: recorder.peak("file"),
    },
    settled,
    byPhase,
    loadAverage: os.loadavg(),
  };
}

/** Budgets of issue 20, in MB and seconds. */
export const MEMORY_BUDGETS = {
  embeddedMb: 300,
  postgresMb: 200,
  largeCatalogueMb: 400,
  freshReadyS: 5,
  existingReadyS: 2,
};
/** How long the bench lets warming run before it crawls: the "first minute after /readyz". */
const WARM_WINDOW_S = 60;

const load1 = (run: MemoryRun) => run.loadAverage[0]?.toFixed(1) ?? "?";

function describeRun(run: MemoryRun): string {
  const warm =
    run.warmSeconds === null ? `warming still going after ${WARM_WINDOW_S} s` : `warm in ${round1(run.warmSeconds)} s`;
  return (
    `settled ${Math.round(run.settled.rss)} MB; with child processes (encoder, pyramids) peak ${Math.round(run.peak.tree)} MB; ` +
    `${warm}; ${run.crawled} sitemap URLs, ${run.loadRequests} pages answered in 30 s; load average ${load1(run)}`
  );
}
const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The memory section of `npm run bench` (issue 20): the server's peak resident memory from
 * start through warming (up to a minute), a crawl of every sitemap URL and 30 s of load, then
 * after 10 s of quiet; on the embedded database and on PostgreSQL (TEST_DATABASE_URL, a
 * database made for the run), and start to /readyz on a fresh and an existing data folder.
 */
export async function measureMemory(port: number, cwd: string): Promise<Measurement[]> {
  // Start times first, on a quiet server.
  const rows: Measurement[] = await measureStartTimes(port, cwd);

  const embedded = await runServerMemory({ cwd, port, warmTimeoutSeconds: WARM_WINDOW_S });
  rows.push(
    atMost(
      "Server RSS, embedded database, warming on: peak",
      round(embedded.peak.rss),
      MEMORY_BUDGETS.embeddedMb,
      "MB",
      describeRun(embedded),
    ),
  );

  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    rows.push(info("Server RSS, PostgreSQL: peak", null, "MB", "skipped: TEST_DATABASE_URL is not set"));
  } else {
    const database = await createDatabase(baseUrl);
    try {
      const run = await runServerMemory({
        cwd,
        port,
        // Required in production with DATABASE_URL (all processes share it).
        env: { DATABASE_URL: database.url, AUTH_SECRET: "bench-memory-secret-0123456789abcdefghij" },
        warmTimeoutSeconds: WARM_WINDOW_S,
      });
      rows.push(
        atMost("Server RSS, PostgreSQL: peak", round(run.peak.rss), MEMORY_BUDGETS.postgresMb, "MB", describeRun(run)),
      );
    } catch (error) {
      // The rows above stay: one failed run must not lose them.
      rows.push(failed("Server RSS, PostgreSQL: peak", `<= ${MEMORY_BUDGETS.postgresMb} MB`, (error as Error).message));
    } finally {
      await database.drop();
    }
  }
  return rows;
}

/**
 * Start to /readyz on a fresh data folder, then (median of three) on that same folder again,
 * with image warming off; `label` names a synthetic catalogue ("12,000 works"), whose content
 * folder `env` gives. Issue 23: the 12,000-work site starts within issue 20's budgets too.
 */
export async function measureStartTimes(
  port: number,
  cwd: string,
  label?: string,
  env: Record<string, string> = {},
): Promise<Measurement[]> {
  const of = label ? `, ${label}` : "";
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-bench-start-"));
  try {
    const runEnv = { ...env, DATA_DIR: dataDir, WARM_IMAGES: "off" };
    const fresh = await runServerMemory({ cwd, port, env: runEnv, readyOnly: true });
    const existing: number[] = [];
    for (let i = 0; i < 3; i++)
      existing.push((await runServerMemory({ cwd, port, env: runEnv, readyOnly: true })).readySeconds);
    const median = [...existing].sort((a, b) => a - b)[1] ?? Number.NaN;
    return [
      atMost(
        `Start to /readyz${of}, fresh data folder`,
        round(fresh.readySeconds, 2),
        MEMORY_BUDGETS.freshReadyS,
        "s",
        `peak ${Math.round(fresh.peak.rss)} MB; load average ${load1(fresh)}`,
      ),
      atMost(
        `Start to /readyz${of}, existing data folder`,
        round(median, 2),
        MEMORY_BUDGETS.existingReadyS,
        "s",
        `median of ${existing.map((s) => round(s, 2)).join(", ")} s`,
      ),
    ];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The same run on a synthetic catalogue's build (bench/measures/growth.ts makes the copy). */
export async function measureCatalogueMemory(port: number, cwd: string, works: number): Promise<Measurement[]> {
  const label = `${works.toLocaleString("en")} works`;
  const env = { CONTENT_DIR: path.join(cwd, "content") };
  const starts = await measureStartTimes(port, cwd, label, env);
  const run = await runServerMemory({ cwd, port, env, warmTimeoutSeconds: WARM_WINDOW_S });
  const name = `Server RSS, ${label}, embedded database: peak`;
  return [
    ...starts,
    works >= 12_000
      ? atMost(name, round(run.peak.rss), MEMORY_BUDGETS.largeCatalogueMb, "MB", describeRun(run))
      : info(name, round(run.peak.rss), "MB", describeRun(run)),
  ];
}

/** An empty database on the TEST_DATABASE_URL server, dropped after. */
async function createDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `umbra_bench_memory_${process.pid}_${Date.now()}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
