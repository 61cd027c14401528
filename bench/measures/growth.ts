import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { failed, info, type Measurement, round } from "#bench/budgets.ts";
import { repoRoot, startServer } from "#bench/server-process.ts";
import { writeSyntheticContent } from "#bench/synthetic-catalogue.ts";
import { measureCatalogueMemory } from "./memory.ts";
import { measureFirstRenderBytes } from "./page-weight.ts";

/**
 * Left out of a copy of the checkout: it links node_modules, makes its own build and gets its
 * own content folder.
 */
const SKIP = new Set([
  "node_modules",
  ".git",
  "build",
  "previous-build",
  "bench-results",
  "data",
  "test-results",
  "content",
]);

/**
 * A copy of this checkout whose content/works holds `size` works, built there (the build writes
 * build/ beside its scripts, so the main checkout's build is untouched). Returns the folder and
 * the build's wall time.
 */
export function buildSyntheticCopy(
  size: number,
  publicUrl?: string,
): { dir: string; works: number; buildSeconds: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `umbra-growth-${size}-`));
  fs.cpSync(repoRoot, dir, {
    recursive: true,
    filter: (source) => !SKIP.has(path.relative(repoRoot, source).split(path.sep)[0] ?? ""),
  });
  fs.symlinkSync(path.join(repoRoot, "node_modules"), path.join(dir, "node_modules"), "dir");
  // The real content plus generated works (bench/synthetic-catalogue.ts, stand-in images).
  const content = writeSyntheticContent(path.join(repoRoot, "content"), path.join(dir, "content"), size);
  const works = fs.readdirSync(path.join(content, "works")).filter((name) => name.endsWith(".md")).length;
  const started = performance.now();
  try {
    execFileSync("npm", ["run", "build"], {
      cwd: dir,
      // The origin of the server started on it, so its pages are sent as the build compressed them.
      env: { ...process.env, CONTENT_DIR: path.join(dir, "content"), ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}) },
      stdio: ["ignore", "ignore", "pipe"],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return { dir, works, buildSeconds: (performance.now() - started) / 1000 };
}

/** Resident memory of a process, from /proc (Linux). */
export function residentMegabytes(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * The gallery's filter time in Chromium: the hydrated /art, one filter changed in the page (the
 * select's change event, as a visitor's choice fires it), timed until the grid shows the new
 * view (its first card and the count changed, nothing loading). Median of the filters below.
 */
export async function measureFilterTime(baseUrl: string): Promise<{ median: number; each: number[] }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${baseUrl}/art`, { waitUntil: "load" });
    await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 60_000 });
    const each: number[] = [];
    // Each choice changes the count or the first card (a sort within one year would not).
    for (const [name, value] of [
      ["sort", "oldest"],
      ["series", "Secrets"],
      ["chain", "Ethereum"],
      ["series", "Maestro"],
      ["availability", "Available"],
    ] as const) {
      // A string, not a function: tsx would add helpers the page does not have.
      each.push(await page.evaluate(`(${IN_PAGE_FILTER})(${JSON.stringify(name)}, ${JSON.stringify(value)})`));
    }
    const sorted = [...each].sort((a, b) => a - b);
    return { median: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN, each };
  } finally {
    await browser.close();
  }
}

/**
 * Runs in the page: chooses `value` in the gallery's `name` select and resolves with the
 * milliseconds until the count or the first card changed and nothing is loading.
 */
const IN_PAGE_FILTER = `function (name, value) {
  return new Promise(function (resolve, reject) {
    var main = document.querySelector("main");
    var select = main.querySelector('select[name="' + name + '"]');
    function snapshot() {
      var count = main.querySelector("[aria-live]");
      var title = main.querySelector("li h2");
      return (count ? count.textContent : "") + "|" + (title ? title.textContent : "");
    }
    var before = snapshot();
    var observer = new MutationObserver(function () {
      if (snapshot() === before || main.querySelector("[aria-busy='true']")) return;
      observer.disconnect();
      resolve(performance.now() - started);
    });
    observer.observe(main, { subtree: true, childList: true, characterData: true, attributes: true });
    setTimeout(function () { reject(new Error("the grid did not change within 30 s after " + value)); }, 30000);
    var started = performance.now();
    select.value = value;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
}`;

/** `/art`'s HTML as sent uncompressed and with brotli (what a browser asks for), in bytes. */
async function htmlBytes(baseUrl: string): Promise<{ raw: number; compressed: number }> {
  // node:http, not fetch(): fetch decodes the body, and the compressed size is the point.
  const size = (encoding: string) =>
    new Promise<number>((resolve, reject) => {
      http
        .get(`${baseUrl}/art`, { headers: { "Accept-Encoding": encoding } }, (res) => {
          let bytes = 0;
          res.on("data", (chunk: Buffer) => {
            bytes += chunk.length;
          });
          res.on("end", () => resolve(bytes));
        })
        .on("error", reject);
    });
  return { raw: await size("identity"), compressed: await size("br, gzip") };
}

/** Every figure of the growth table for one catalogue size. */
export async function measureGrowthAt(
  size: number,
  port: number,
  options: { memory?: boolean; growth?: boolean } = {},
): Promise<Measurement[]> {
  const { memory = false, growth = true } = options;
  const label = `${size.toLocaleString("en")} works`;
  console.log(`  building a copy with ${label}...`);
  let built: ReturnType<typeof buildSyntheticCopy>;
  try {
    built = buildSyntheticCopy(size, `http://127.0.0.1:${port}`);
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? (error as Error).message);
    return [failed(`Growth ${label}: build`, "finishes", stderr.trim().split("\n").slice(-3).join(" ").slice(0, 300))];
  }
  // The memory section's run on this copy (bench/measures/memory.ts), before the others.
  const memoryRows: Measurement[] = [];
  if (memory) {
    try {
      memoryRows.push(...(await measureCatalogueMemory(port, built.dir, size)));
    } catch (error) {
      memoryRows.push(failed(`Server RSS, ${label}`, "-", `could not measure: ${(error as Error).message}`));
    }
  }
  if (!growth) {
    fs.rmSync(built.dir, { recursive: true, force: true });
    return memoryRows;
  }
  // No background image warm-up (where the server has one): it would share the cores with the
  // figures taken here.
  const server = await startServer(
    port,
    { CONTENT_DIR: path.join(built.dir, "content"), WARM_IMAGES: "off" },
    built.dir,
  );
  try {
    const firstRender = await measureFirstRenderBytes(server.url, "/art");
    const html = await htmlBytes(server.url);
    const filter = await measureFilterTime(server.url);
    const rss = server.process.pid ? residentMegabytes(server.process.pid) : null;
    const pages = fs.readdirSync(path.join(built.dir, "build", "client", "art"), { withFileTypes: true });
    return [
      ...memoryRows,
      info(
        `Growth ${label}: build time`,
        round(built.buildSeconds, 1),
        "s",
        `${built.works} work files, ${pages.filter((e) => e.isDirectory()).length} work pages prerendered`,
      ),
      { ...firstRender, name: `Growth ${label}: bytes to first render /art (390 px)` },
      info(
        `Growth ${label}: /art HTML`,
        round(html.raw / 1024, 1),
        "KB",
        `${round(html.compressed / 1024, 1)} KB brotli`,
      ),
      info(
        `Growth ${label}: server memory (RSS)`,
        rss === null ? null : round(rss, 0),
        "MB",
        "after the measures above",
      ),
      info(
        `Growth ${label}: gallery filter time`,
        round(filter.median, 0),
        "ms",
        `median of ${filter.each.map((ms) => Math.round(ms)).join(", ")} ms`,
      ),
    ];
  } finally {
    await server.stop();
    fs.rmSync(built.dir, { recursive: true, force: true });
  }
}

/** The growth table: each size in turn, in its own copy of the checkout. */
export async function measureGrowth(
  sizes: number[],
  port: number,
  options: { memory?: boolean; growth?: boolean } = {},
): Promise<Measurement[]> {
  const rows: Measurement[] = [];
  for (const size of sizes) rows.push(...(await measureGrowthAt(size, port, options)));
  return rows;
}
