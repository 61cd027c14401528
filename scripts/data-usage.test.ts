import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const tsx = path.resolve("node_modules/.bin/tsx");

function dataUsage(args: string[], dataDir: string) {
  return new Promise<{ code: number; out: string; err: string }>((resolve) => {
    execFile(
      tsx,
      ["scripts/data-usage.ts", ...args],
      { env: { ...process.env, DATA_DIR: dataDir } },
      (error, out, err) => resolve({ code: error ? Number(error.code) : 0, out, err }),
    );
  });
}

function write(dir: string, relative: string, bytes: number) {
  fs.mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
  fs.writeFileSync(path.join(dir, relative), Buffer.alloc(bytes));
}

describe("npm run data:usage", () => {
  it("reports DATA_DIR's size by part, one line each", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-usage-"));
    write(dir, "pglite/base/1/1259", 3 * 1024 * 1024);
    write(dir, "pglite/PG_VERSION", 3);
    write(dir, "image-cache/artworks-400/a.standin1.jpg", 20 * 1024);
    write(dir, "image-cache/artworks-800/a.standin1.avif", 30 * 1024);
    write(dir, "image-cache/zoom/a.0123456789/image.dzi", 300);
    write(dir, "image-cache/zoom/a.0123456789/image_files/0/0_0.jpeg", 2 * 1024 * 1024);
    write(dir, "outbox/1764000000000-reset.eml", 2048);
    write(dir, "auth-secret", 64);

    const result = await dataUsage([], dir);

    expect([result.code, result.err]).toEqual([0, ""]);
    const lines = result.out.trim().split("\n");
    expect(lines[0]).toBe(`${dir}: 5.1 MB in 8 files`);
    expect(lines.slice(1).map((line) => line.trim().split(/\s{2,}/))).toEqual([
      ["database", "3.0 MB", "2 files"],
      ["image derivatives", "50 KB", "2 files"],
      ["zoom pyramids", "2.0 MB", "2 files"],
      ["mail", "2 KB", "1 file"],
      ["other", "64 B", "1 file"],
    ]);
  });

  it("prints its usage for --help, fails in one line without a data folder, and exits 2 on a bad option", async () => {
    const help = await dataUsage(["--help"], "/nowhere");
    expect([help.code, help.out.startsWith("Usage: npm run data:usage")]).toEqual([0, true]);
    const missing = await dataUsage([], path.join(os.tmpdir(), "umbra-no-such-data"));
    expect(missing.code).toBe(1);
    expect(missing.err.trim().split("\n")).toHaveLength(1);
    expect(missing.err).toMatch(/no data folder at .*umbra-no-such-data/);
    expect((await dataUsage(["--bytes"], "/nowhere")).code).toBe(2);
  });
});
