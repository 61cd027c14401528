import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestS3 } from "#tests/support/test-s3-server.server.ts";
import { DiskOriginalStore } from "./disk-original-store.server.ts";
import { sha256Of } from "./hash-file.server.ts";
import type { OriginalStore } from "./original-store.ts";
import { S3OriginalStore } from "./s3-original-store.server.ts";

type Stop = () => Promise<void>;

/** One suite, run against each kind of store: they must behave alike. */
const kinds: Record<string, (dir: string) => Promise<{ store: OriginalStore; stop: Stop }>> = {
  disk: async (dir) => ({ store: new DiskOriginalStore(path.join(dir, "originals")), stop: async () => {} }),
  s3: async (dir) => {
    const s3 = await startTestS3();
    return { store: new S3OriginalStore({ ...s3, cacheDir: path.join(dir, "originals-cache") }), stop: s3.stop };
  },
};

for (const [kind, open] of Object.entries(kinds)) {
  describe(`the ${kind} store of originals`, () => {
    let dir: string;
    let store: OriginalStore;
    let stop: Stop;
    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-originals-"));
      ({ store, stop } = await open(dir));
    });
    afterAll(async () => {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it("stores bytes under their SHA-256 and gives the same bytes back", async () => {
      const bytes = Buffer.from(`an original ${kind}`);
      const sha256 = await store.put(bytes);
      expect(sha256).toBe(sha256Of(bytes));
      expect(await store.has(sha256)).toBe(true);
      expect(await store.get(sha256)).toEqual(bytes);
      expect(fs.readFileSync(await store.localFile(sha256))).toEqual(bytes);
    });

    it("stores a file read as a stream, once however often it is put", async () => {
      const file = path.join(dir, "upload.tmp");
      const bytes = Buffer.alloc(3 * 1024 * 1024, 7);
      fs.writeFileSync(file, bytes);
      const [first, second] = await Promise.all([store.putFile(file), store.putFile(file)]);
      expect(first).toBe(sha256Of(bytes));
      expect(second).toBe(first);
      expect((await store.get(first))?.equals(bytes)).toBe(true);
    });

    it("removes stored bytes (and this machine's copy of them), and a removal of none is no error", async () => {
      const sha256 = await store.put(Buffer.from(`to be removed ${kind}`));
      const local = await store.localFile(sha256);
      await store.delete(sha256);
      expect(await store.has(sha256)).toBe(false);
      expect(await store.get(sha256)).toBeUndefined();
      expect(fs.existsSync(local)).toBe(false);
      await expect(store.delete(sha256)).resolves.toBeUndefined();
      await expect(store.delete("../../etc/passwd")).rejects.toThrow(/not a SHA-256/);
    });

    it("answers nothing for a hash it does not hold, and refuses what is not a hash", async () => {
      const missing = "0".repeat(64);
      expect(await store.has(missing)).toBe(false);
      expect(await store.get(missing)).toBeUndefined();
      await expect(store.localFile(missing)).rejects.toThrow(/not in/);
      await expect(store.get("../../etc/passwd")).rejects.toThrow(/not a SHA-256/);
    });
  });
}

describe("the disk store's files", () => {
  it("are owner-only, in owner-only folders, with no temporary file left", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-originals-"));
    const store = new DiskOriginalStore(path.join(dir, "originals"));
    const sha256 = await store.put(Buffer.from("private"));
    const file = store.fileOf(sha256);
    expect(path.relative(dir, file)).toBe(path.join("originals", sha256.slice(0, 2), sha256));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dir, "originals")).mode & 0o777).toBe(0o700);
    expect(fs.readdirSync(path.dirname(file))).toEqual([sha256]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
