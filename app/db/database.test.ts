import { eq, sql } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { openDatabase } from "./database.server";
import { tweets } from "./schema";
import { createTestDatabase, describeEachEngine, type TestDatabase } from "./test-database.server";

describeEachEngine("database on %s", { timeout: 30_000 }, (engine) => {
  let testDb: TestDatabase | undefined;
  afterEach(async () => {
    await testDb?.destroy();
    testDb = undefined;
  });

  it("applies the migrations: tweets table, full-text index and change trigger exist", async () => {
    testDb = await createTestDatabase(engine);
    const { db } = testDb.database;
    const columns = await db.execute<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name = 'tweets' order by column_name`,
    );
    expect(columns.rows.map((r) => r.column_name)).toEqual([
      "change_seq",
      "created_at",
      "id",
      "include_in_search",
      "source_post_id",
      "text",
      "updated_at",
    ]);
    const indexes = await db.execute<{ indexname: string }>(
      sql`select indexname from pg_indexes where tablename = 'tweets'`,
    );
    expect(indexes.rows.map((r) => r.indexname)).toContain("tweets_text_search_idx");
    const triggers = await db.execute<{ tgname: string }>(
      sql`select tgname from pg_trigger where tgrelid = 'tweets'::regclass and not tgisinternal order by tgname`,
    );
    expect(triggers.rows.map((r) => r.tgname)).toEqual(["tweets_notify_change", "tweets_stamp_change"]);
  });

  it("migrating an already migrated database changes nothing", async () => {
    testDb = await createTestDatabase(engine);
    await testDb.database.db.insert(tweets).values({ text: "kept" });
    if (engine === "pglite") {
      await testDb.database.close();
      const reopened = await openDatabase({ dataDir: testDb.location });
      const rows = await reopened.db.select().from(tweets);
      await reopened.close();
      expect(rows.map((r) => r.text)).toEqual(["kept"]);
    } else {
      const second = await openDatabase({ dataDir: "unused", databaseUrl: testDb.location });
      const rows = await second.db.select().from(tweets);
      await second.close();
      expect(rows.map((r) => r.text)).toEqual(["kept"]);
    }
  });

  it("notifies listeners of a change with the changed row, and bumps change_seq and updated_at", async () => {
    testDb = await createTestDatabase(engine);
    const { database } = testDb;
    const [row] = await database.db
      .insert(tweets)
      .values({ text: "listen to this", createdAt: new Date("2020-01-01T00:00:00Z") })
      .returning();
    const payloads: string[] = [];
    const unlisten = await database.listen("tweets_changed", { onPayload: (p) => payloads.push(p) });
    await database.db.update(tweets).set({ includeInSearch: true }).where(eq(tweets.id, row!.id));
    // A no-op update is not a change.
    await database.db.update(tweets).set({ includeInSearch: true }).where(eq(tweets.id, row!.id));
    await expect.poll(() => payloads.length).toBe(1);
    const event = JSON.parse(payloads[0]!);
    expect(event).toMatchObject({
      op: "UPDATE",
      id: row!.id,
      row: { text: "listen to this", include_in_search: true },
    });
    const [after] = await database.db.select().from(tweets).where(eq(tweets.id, row!.id));
    expect(after!.changeSeq).toBeGreaterThan(row!.changeSeq);
    expect(after!.updatedAt.getTime()).toBeGreaterThanOrEqual(row!.updatedAt.getTime());
    await unlisten();
  });

  it("refuses a second process on the same embedded database folder", async () => {
    if (engine !== "pglite") return;
    testDb = await createTestDatabase(engine);
    const fs = await import("node:fs");
    const path = await import("node:path");
    // Pretend another live process (our parent) holds the folder.
    fs.writeFileSync(path.join(testDb.location, "database.lock"), String(process.ppid));
    await expect(openDatabase({ dataDir: testDb.location })).rejects.toThrow(/in use by process/);
    fs.writeFileSync(path.join(testDb.location, "database.lock"), String(process.pid));
  });
});
