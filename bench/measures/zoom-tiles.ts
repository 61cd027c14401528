import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Measurement } from "#bench/budgets.ts";
import { info, median, round } from "#bench/budgets.ts";
import { startServer } from "#bench/server-process.ts";

/** Every file under `dir`, with its size. */
function filesUnder(dir: string): { count: number; bytes: number } {
  let count = 0;
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    count++;
    bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { count, bytes };
}

/**
 * Deep zoom (decision 023) on a fresh data folder: the first request for a work's descriptor,
 * which builds its whole pyramid (a stand-in drawn 6000 px across), the pyramid's tiles and
 * size on disk, and then a tile answered from the cache (median of 20, one at a time).
 */
export async function measureZoomTiles(port: number, work = "the-new-god"): Promise<Measurement[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-bench-zoom-"));
  const server = await startServer(port, { DATA_DIR: dataDir, WARM_IMAGES: "off" });
  try {
    const page = await (await fetch(`${server.url}/art/${work}/zoom`)).text();
    const descriptor = /\/img\/zoom\/[a-z0-9-]+\.[0-9a-f]{10}\.dzi/.exec(page)?.[0];
    if (!descriptor) throw new Error(`/art/${work}/zoom names no .dzi descriptor`);
    const started = performance.now();
    let built = await fetch(server.url + descriptor);
    // A pyramid not ready in 8 s is answered 503 with Retry-After (decision 026): asked again,
    // as the zoom page does, for up to two minutes.
    while (built.status === 503 && performance.now() - started < 120_000) {
      await built.text();
      await new Promise((resolve) => setTimeout(resolve, Number(built.headers.get("retry-after") ?? 5) * 1000));
      built = await fetch(server.url + descriptor);
    }
    await built.text();
    const buildMs = performance.now() - started;
    if (built.status !== 200) throw new Error(`${descriptor} answered ${built.status}`);
    const tiles = filesUnder(path.join(dataDir, "image-cache", "zoom"));
    const tile = descriptor.replace(/\.dzi$/, "_files/12/1_1.jpeg");
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const begun = performance.now();
      await (await fetch(server.url + tile)).arrayBuffer();
      times.push(performance.now() - begun);
    }
    return [
      info(
        "Zoom pyramid, first request (6000 px stand-in)",
        round(buildMs),
        "ms",
        "the whole pyramid is built (asked again after each 503)",
      ),
      info("Zoom pyramid on disk", round(tiles.bytes / 1024 / 1024, 2), "MB", `${tiles.count} files`),
      info("Zoom tile from the cache: median", round(median(times), 1), "ms", "20 requests, one at a time"),
    ];
  } finally {
    await server.stop();
  }
}
