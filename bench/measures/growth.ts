import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { failed, info, type Measurement, round } from "../budgets";
import { repoRoot, startServer } from "../server-process";
import { writeSyntheticContent } from "../synthetic-catalogue";
import { measureFirstRenderBytes } from "./page-weight";

function build(env: Record<string, string> = {}): number {
  const started = performance.now();
  execFileSync("npm", ["run", "build"], { cwd: repoRoot, stdio: "ignore", env: { ...process.env, ...env } });
  return (performance.now() - started) / 1000;
}

function residentMegabytes(pid: number | undefined): number | null {
  if (!pid) return null;
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  return kilobytes ? round(Number(kilobytes) / 1024, 1) : null;
}

/**
 * Issue 13's growth table: for each catalogue size, generated works (bench/synthetic-catalogue.ts,
 * in a temporary CONTENT_DIR, never committed) are built and served, and the build time, `/art`'s
 * HTML bytes, its bytes to first render at 390 px (budget 500 KB) and the server's resident
 * memory after those requests are reported. The normal build is made again at the end.
 */
export async function measureGrowth(sizes: number[], port: number): Promise<Measurement[]> {
  const rows: Measurement[] = [];
  try {
    for (const size of sizes) {
      const dir = writeSyntheticContent(
        path.join(repoRoot, "content"),
        fs.mkdtempSync(path.join(os.tmpdir(), `umbra-growth-${size}-`)),
        size,
      );
      let seconds: number;
      try {
        seconds = build({ CONTENT_DIR: dir });
      } catch (error) {
        rows.push(failed(`Growth ${size} works: build`, "finishes", (error as Error).message.slice(0, 200)));
        fs.rmSync(dir, { recursive: true, force: true });
        continue;
      }
      rows.push(info(`Growth ${size} works: build`, round(seconds, 1), "s"));
      const server = await startServer(port, { CONTENT_DIR: dir, WARM_IMAGES: "off" });
      try {
        const html = await (
          await fetch(`${server.url}/art`, { headers: { "Accept-Encoding": "identity" } })
        ).arrayBuffer();
        rows.push(info(`Growth ${size} works: /art HTML`, round(html.byteLength / 1024, 1), "KB"));
        const firstRender = await measureFirstRenderBytes(server.url, "/art");
        rows.push({ ...firstRender, name: `Growth ${size} works: ${firstRender.name}` });
        rows.push(info(`Growth ${size} works: server memory`, residentMegabytes(server.process.pid), "MB", "resident"));
      } finally {
        await server.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  } finally {
    build();
  }
  return rows;
}
