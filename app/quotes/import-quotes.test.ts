import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { zipSync } from "fflate";
import { afterEach, describe, expect, it } from "vitest";
import { quotes } from "#app/db/schema.ts";
import {
  allTestEngines,
  createTestDatabase,
  engineAvailable,
  type TestDatabase,
} from "#tests/support/test-database.server.ts";
import { importPosts } from "./import-quotes.server.ts";
import { ArchiveFormatError, readArchive } from "./x-archive.server.ts";

const entry = (id: string, text: string, extra: object = {}) => ({
  tweet: { id_str: id, full_text: text, created_at: "Sat Mar 04 18:30:00 +0000 2023", ...extra },
});

const archiveEntries = [
  entry("1001", "Mixing greens &amp; golds tonight &lt;3 https://t.co/abc123 https://t.co/def456"),
  entry("1002", "RT @someone: a post by someone else"),
  entry("1003", "@friend thank you!", { in_reply_to_status_id_str: "77", in_reply_to_user_id_str: "5" }),
  entry("1004", "https://t.co/onlymedia"),
  entry("1005", "A second original post", { created_at: "Tue Jan 10 08:00:00 +0000 2017" }),
];
const archiveJs = `window.YTD.tweets.part0 = ${JSON.stringify(archiveEntries, null, 2)}`;

describe("reading an X archive", () => {
  it("reads a bare tweets.js and the same file inside an archive zip", () => {
    const bare = readArchive(new TextEncoder().encode(archiveJs), "tweets.js");
    const zip = zipSync({ "data/tweets.js": new TextEncoder().encode(archiveJs), "data/like.js": new Uint8Array(1) });
    expect(readArchive(zip, "archive.zip")).toEqual(bare);
    expect(bare).toHaveLength(5);
  });

  it("refuses a foreign or damaged file with a clear error", () => {
    expect(() => readArchive(new TextEncoder().encode('{"hello": 1}'), "notes.json")).toThrow(ArchiveFormatError);
    expect(() => readArchive(new TextEncoder().encode("window.YTD.tweets.part0 = [{"), "tweets.js")).toThrow(/damaged/);
    expect(() => readArchive(zipSync({ "readme.txt": new Uint8Array(2) }), "other.zip")).toThrow(/no data\/tweets.js/);
    const badEntry = `window.YTD.tweets.part0 = ${JSON.stringify([entry("1", "ok"), { tweet: { id_str: "x" } }])}`;
    expect(() => readArchive(new TextEncoder().encode(badEntry), "tweets.js")).toThrow(/entry 1/);
  });
});

for (const engine of allTestEngines) {
  describe.runIf(engineAvailable(engine))(`importing quotes on ${engine}`, { timeout: 60_000 }, () => {
    let testDb: TestDatabase | undefined;
    afterEach(async () => {
      await testDb?.destroy();
      testDb = undefined;
    });

    it("keeps original posts, hidden, with their dates and clean text; a re-import adds nothing", async () => {
      testDb = await createTestDatabase(engine);
      const posts = readArchive(new TextEncoder().encode(archiveJs), "tweets.js");
      const first = await importPosts(testDb.database.db, posts);
      expect(first).toEqual({
        read: 5,
        imported: 2,
        skipped: { reposts: 1, replies: 1, empty: 1, alreadyImported: 0 },
      });
      const rows = await testDb.database.db.select().from(quotes).orderBy(quotes.createdAt);
      expect(rows.map((r) => [r.text, r.createdAt.toISOString(), r.includeInSearch, r.sourcePostId])).toEqual([
        ["A second original post", "2017-01-10T08:00:00.000Z", false, "1005"],
        ["Mixing greens & golds tonight <3", "2023-03-04T18:30:00.000Z", false, "1001"],
      ]);
      const again = await importPosts(testDb.database.db, posts, { includeReplies: true });
      expect(again.imported).toBe(1); // only the reply, now asked for
      expect(again.skipped.alreadyImported).toBe(2);
    });

    it("the command imports a zip, prints counts, and writes nothing for a bad file", async () => {
      if (engine !== "pglite") return;
      testDb = await createTestDatabase(engine);
      await testDb.database.close();
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-import-"));
      const good = path.join(dir, "archive.zip");
      fs.writeFileSync(good, zipSync({ "data/tweets.js": new TextEncoder().encode(archiveJs) }));
      const bad = path.join(dir, "tweets.js");
      fs.writeFileSync(bad, archiveJs.replace('"1005"', "1005"));
      const env = { ...process.env, DATA_DIR: testDb.location, DATABASE_URL: "" };
      const run = (file: string) => {
        try {
          return {
            code: 0,
            out: execFileSync("npx", ["tsx", "scripts/import-quotes.ts", file], {
              env,
              encoding: "utf8",
              stdio: "pipe",
            }),
          };
        } catch (error) {
          const failed = error as { status: number; stderr: string };
          return { code: failed.status, out: failed.stderr };
        }
      };
      const badRun = run(bad);
      expect(badRun.code).toBe(1);
      expect(badRun.out).toMatch(/entry 4/);
      const goodRun = run(good);
      expect(goodRun.out).toContain("Read 5 posts; imported 2");
      expect(goodRun.out).toContain("1 reposts, 1 replies");
      fs.rmSync(dir, { recursive: true, force: true });
    });
  });
}
