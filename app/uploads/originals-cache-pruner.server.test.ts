import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestS3 } from "#tests/support/test-s3-server.server.ts";
import { S3OriginalStore } from "./s3-original-store.server.ts";

const KB = 1024;

/** Makes a cached copy look last used `minutesAgo` minutes ago, as another process's old copy would. */
function age(file: string, minutesAgo: number): void {
  const when = (Date.now() - minutesAgo * 60_000) / 1000;
  fs.utimesSync(file, when, when);
}

describe("the S3 store's local cache of originals", () => {
  let dir: string;
  let s3: Awaited<ReturnType<typeof startTestS3>>;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-originals-cache-"));
    s3 = await startTestS3();
  });
  afterAll(async () => {
    await s3.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A store with a cap of three 100 KB originals, and four of them in the bucket. */
  async function fourOriginals(name: string, holdMs: number) {
    const store = new S3OriginalStore({
      ...s3,
      cacheDir: path.join(dir, name),
      cacheMaxBytes: 300 * KB,
      cacheHoldMs: holdMs,
      cachePruneDebounceMs: 60_000,
    });
    const bytes = [1, 2, 3, 4].map((n) => Buffer.alloc(100 * KB, `${name}-${n}`));
    const hashes = await Promise.all(bytes.map((b) => store.put(b)));
    const files = [];
    for (const hash of hashes) files.push(await store.localFile(hash));
    return { store, bytes, hashes, files };
  }

  it("removes the least recently used copies when over its cap, and keeps the rest", async () => {
    const { store, files } = await fourOriginals("lru", 0);
    // Used in the order 2, 0, 3, 1 (oldest first): over the cap by one, copy 2 goes.
    files.forEach((file, i) => {
      age(file, [30, 10, 40, 20][i] ?? 0);
    });
    await store.pruneCache();
    expect(files.map((f) => fs.existsSync(f))).toEqual([true, true, false, true]);
  });

  it("keeps a copy handed to a reader even when it is the oldest, and removes the next oldest instead", async () => {
    const { files, hashes } = await fourOriginals("held", 0);
    for (const file of files) age(file, 120);
    // A new process over the same folder hands one copy to a reader, which then looks the oldest on disk.
    const store = new S3OriginalStore({
      ...s3,
      cacheDir: path.join(dir, "held"),
      cacheMaxBytes: 300 * KB,
      cacheHoldMs: 60 * 60_000,
      cachePruneDebounceMs: 60_000,
    });
    const inUse = await store.localFile(hashes[0] as string);
    age(inUse, 500);
    age(files[1] as string, 200);
    await store.pruneCache();
    expect(fs.existsSync(inUse)).toBe(true);
    expect(fs.existsSync(files[1] as string)).toBe(false);
    expect([files[2], files[3]].map((f) => fs.existsSync(f as string))).toEqual([true, true]);
  });

  it("fetches a pruned copy again, with the same bytes, when it is next needed", async () => {
    const { store, files, hashes, bytes } = await fourOriginals("again", 0);
    files.forEach((file, i) => {
      age(file, 40 - i * 10);
    });
    await store.pruneCache();
    expect(fs.existsSync(files[0] as string)).toBe(false);
    const again = await store.localFile(hashes[0] as string);
    expect(again).toBe(files[0]);
    expect(fs.readFileSync(again).equals(bytes[0] as Buffer)).toBe(true);
  });

  it("does not count or remove a download still in progress", async () => {
    const { store, files } = await fourOriginals("partial", 0);
    const partial = `${files[0]}.0000.partial`;
    fs.writeFileSync(partial, Buffer.alloc(400 * KB));
    await store.pruneCache();
    expect(fs.existsSync(partial)).toBe(true);
    expect(files.filter((f) => fs.existsSync(f))).toHaveLength(3);
  });
});
