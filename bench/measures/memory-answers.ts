import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { atLeast, atMost, info, type Measurement, round } from "#bench/budgets.ts";
import { repoRoot } from "#bench/server-process.ts";
import { LOAD_SECONDS, load } from "./load.ts";

// What a browser sends: the wall and the prerendered page are both answered compressed.
const BROWSER = { "Accept-Encoding": "br, gzip" };
const SETTINGS = { seconds: LOAD_SECONDS, connections: 50, headers: BROWSER };

/**
 * The quote wall (first page, a search, a cursor page) against a prerendered page, flat out
 * with autocannon, one after the other in the same run (issue 13: each >= 50 % of the
 * prerendered page's req/s). Each address is requested once first, so its rendered page is
 * kept, as it is after the first visitor.
 */
export async function measureQuoteWall(baseUrl: string, prerenderedPath: string): Promise<Measurement[]> {
  const first = (await (await fetch(`${baseUrl}/api/quotes?limit=24`)).json()) as { nextCursor: string | null };
  const walls = [
    ["/quotes", "/quotes"],
    ["/quotes?q=plant", "/quotes search ?q=plant"],
    ...(first.nextCursor ? [[`/quotes?cursor=${encodeURIComponent(first.nextCursor)}`, "/quotes cursor page"]] : []),
  ] as const;
  for (const [url] of walls) await (await fetch(baseUrl + url)).text();
  // Kept pages are compressed off the event loop after their first answer.
  await new Promise((resolve) => setTimeout(resolve, 1000));

  const prerendered = await load({ url: baseUrl + prerenderedPath, ...SETTINGS });
  const rows: Measurement[] = [
    info(
      `Prerendered ${prerenderedPath}, br`,
      round(prerendered.requestsPerSecond),
      "req/s",
      `p50 ${prerendered.p50} ms`,
    ),
  ];
  for (const [url, name] of walls) {
    const wall = await load({ url: baseUrl + url, ...SETTINGS });
    const ratio = prerendered.requestsPerSecond ? wall.requestsPerSecond / prerendered.requestsPerSecond : 0;
    const note = `${round(wall.requestsPerSecond)} req/s, p50 ${wall.p50} ms, p99 ${wall.p99} ms, ${wall.errors} errors, ${wall.non2xx} non-2xx`;
    rows.push(atLeast(`${name} / prerendered (ratio)`, round(ratio, 2), 0.5, "", note));
  }
  return rows;
}

/**
 * What compressing the prerendered pages costs, now paid at build: brotli 11 of every page the
 * build wrote for nginx, timed here on one thread, and the largest page alone (what a first
 * request used to block the server for). And the first brotli request of that page on the
 * running server, which now only sends bytes.
 */
export async function measurePrerenderedCompression(baseUrl: string): Promise<Measurement[]> {
  const nginxDir = path.join(repoRoot, "build/nginx");
  const folder = fs.readdirSync(nginxDir).find((name) => name.startsWith("pages-"));
  if (!folder) return [atMost("Prerendered compression: pages found", 0, 0, "", "no build/nginx/pages-*")];
  const pages: Array<{ route: string; bytes: Buffer }> = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "index.html") {
        pages.push({ route: `/${path.relative(path.join(nginxDir, folder), dir)}`, bytes: fs.readFileSync(full) });
      }
    }
  };
  walk(path.join(nginxDir, folder));
  let totalMs = 0;
  let largest = { route: "", ms: 0, bytes: 0 };
  for (const page of pages) {
    const started = performance.now();
    zlib.brotliCompressSync(page.bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
    const ms = performance.now() - started;
    totalMs += ms;
    if (page.bytes.length > largest.bytes) largest = { route: page.route, ms, bytes: page.bytes.length };
  }
  const started = performance.now();
  const response = await fetch(baseUrl + largest.route, { headers: { "Accept-Encoding": "br" } });
  await response.arrayBuffer();
  const firstMs = performance.now() - started;
  return [
    info("Prerendered pages: brotli 11 at build", round(totalMs), "ms", `${pages.length} pages, one thread`),
    info(
      `Prerendered ${largest.route}: brotli 11 once`,
      round(largest.ms),
      "ms",
      `${round(largest.bytes / 1024, 1)} KB`,
    ),
    atMost(
      `Prerendered ${largest.route}: first br request`,
      round(firstMs, 1),
      20,
      "ms",
      `${response.headers.get("content-encoding") ?? "identity"}; nothing is compressed on a request`,
    ),
  ];
}
