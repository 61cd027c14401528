import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import {
  allTestEngines,
  createTestDatabase,
  engineAvailable,
  type TestDatabase,
} from "#tests/support/test-database.server.ts";
import { openDatabase } from "./database.server.ts";
import { enquiries, quotes } from "./schema.ts";

for (const engine of allTestEngines) {
  describe.runIf(engineAvailable(engine))(`database on ${engine}`, { timeout: 30_000 }, () => {
    let testDb: TestDatabase | undefined;
    afterEach(async () => {
      await testDb?.destroy();
      testDb = undefined;
    });

    it("applies the migrations: quotes table, full-text index and change trigger exist", async () => {
      testDb = await createTestDatabase(engine);
      const { db } = testDb.database;
      const columns = await db.execute<{ column_name: string }>(
        sql`select column_name from information_schema.columns where table_name = 'quotes' order by column_name`,
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
        sql`select indexname from pg_indexes where tablename = 'quotes'`,
      );
      expect(indexes.rows.map((r) => r.indexname)).toContain("quotes_text_search_idx");
      const triggers = await db.execute<{ tgname: string }>(
        sql`select tgname from pg_trigger where tgrelid = 'quotes'::regclass and not tgisinternal order by tgname`,
      );
      expect(triggers.rows.map((r) => r.tgname)).toEqual(["quotes_notify_change", "quotes_stamp_change"]);
    });

    it("migration 0017: a transaction that queues many messages wakes the mail sender once", async () => {
      testDb = await createTestDatabase(engine);
      const { database } = testDb;
      const heard: string[] = [];
      const stop = await database.listen("outgoing_mail_queued", { onPayload: (payload) => heard.push(payload) });
      try {
        // As a mailing's Send does: many copies in one transaction (10,000 once woke each process 10,000 times).
        await database.db.execute(
          sql`insert into outgoing_mail (kind, to_address, subject) select 'mailing', 'reader' || i || '@example.org', 'News' from generate_series(1, 50) as i`,
        );
        await database.db.execute(
          sql`insert into outgoing_mail (to_address, subject) values ('studio@example.org', 'Reset')`,
        );
        await expect.poll(() => heard.length).toBe(2);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(heard).toEqual(["", ""]);
      } finally {
        await stop();
      }
    });

    it("migration 0005: an enquiry stamps its status change and notifies enquiries_changed", async () => {
      testDb = await createTestDatabase(engine);
      const { database } = testDb;
      const heard: string[] = [];
      const stop = await database.listen("enquiries_changed", { onPayload: (payload) => heard.push(payload) });
      try {
        const [row] = await database.db
          .insert(enquiries)
          .values({
            subject: "commission",
            subjectTitle: "Custom commission",
            name: "Ada",
            email: "Ada@Example.org",
            emailKey: "ada@example.org",
            message: "A commission, please.",
            sourcePath: "/prices",
          })
          .returning();
        if (!row) throw new Error("no row");
        expect(row.status).toBe("new");
        expect(row.interests).toEqual([]);
        await new Promise((resolve) => setTimeout(resolve, 20));
        await database.db.update(enquiries).set({ status: "replied" }).where(eq(enquiries.id, row.id));
        const [updated] = await database.db.select().from(enquiries).where(eq(enquiries.id, row.id));
        expect(updated?.statusChangedAt.getTime()).toBeGreaterThan(row.statusChangedAt.getTime());
        await expect(
          database.db.update(enquiries).set({ status: "lost" }).where(eq(enquiries.id, row.id)),
        ).rejects.toThrow();
        await database.db.delete(enquiries).where(eq(enquiries.id, row.id));
        await expect.poll(() => heard.map((p) => JSON.parse(p).op)).toEqual(["INSERT", "UPDATE", "DELETE"]);
      } finally {
        await stop();
      }
    });

    it("migrating an already migrated database changes nothing", async () => {
      testDb = await createTestDatabase(engine);
      await testDb.database.db.insert(quotes).values({ text: "kept" });
      if (engine === "pglite") {
        await testDb.database.close();
        const reopened = await openDatabase({ dataDir: testDb.location });
        const rows = await reopened.db.select().from(quotes);
        await reopened.close();
        expect(rows.map((r) => r.text)).toEqual(["kept"]);
      } else {
        const second = await openDatabase({ dataDir: "unused", databaseUrl: testDb.location });
        const rows = await second.db.select().from(quotes);
        await second.close();
        expect(rows.map((r) => r.text)).toEqual(["kept"]);
      }
    });

    it("notifies listeners of each real change with the changed row, and stamps change_seq and updated_at", async () => {
      testDb = await createTestDatabase(engine);
      const { database } = testDb;
      const longAgo = new Date("2020-01-01T00:00:00Z");
      // Inserted with an old updated_at, so only the trigger can make it recent.
      const [row] = await database.db
        .insert(quotes)
        .values({ text: "listen to this", createdAt: longAgo, updatedAt: longAgo })
        .returning();
      const id = row!.id;
      const readRow = async () => (await database.db.select().from(quotes).where(eq(quotes.id, id)))[0]!;
      const events: Array<{ op: string; id: number; row?: Record<string, unknown> }> = [];
      const unlisten = await database.listen("quotes_changed", { onPayload: (p) => events.push(JSON.parse(p)) });
      try {
        await database.db.update(quotes).set({ includeInSearch: true }).where(eq(quotes.id, id));
        const changed = await readRow();
        expect(changed.changeSeq).toBeGreaterThan(row!.changeSeq);
        // Stamped by the trigger with the database's now(), not left at the inserted value.
        expect(changed.updatedAt.getTime()).toBeGreaterThan(longAgo.getTime());
        expect(Math.abs(changed.updatedAt.getTime() - Date.now())).toBeLessThan(60_000);

        // A no-op update is not a change: nothing is stamped...
        await database.db.update(quotes).set({ includeInSearch: true }).where(eq(quotes.id, id));
        expect(await readRow()).toEqual(changed);
        // ...and nothing is announced. Notifications arrive in commit order, so once a later real
        // change has been heard, one from the no-op would have been heard before it.
        await database.db.update(quotes).set({ text: "listen again" }).where(eq(quotes.id, id));
        await expect.poll(() => events.some((e) => e.row?.text === "listen again")).toBe(true);
        expect(events).toEqual([
          {
            op: "UPDATE",
            id,
            row: expect.objectContaining({
              text: "listen to this",
              include_in_search: true,
              change_seq: changed.changeSeq,
            }),
          },
          { op: "UPDATE", id, row: expect.objectContaining({ text: "listen again", include_in_search: true }) },
        ]);
      } finally {
        await unlisten();
      }
    });

    it.runIf(engine === "pglite")("refuses a second process on the same embedded database folder", async () => {
      testDb = await createTestDatabase(engine);
      const fs = await import("node:fs");
      const path = await import("node:path");
      // Pretend another live process (our parent) holds the folder.
      fs.writeFileSync(path.join(testDb.location, "database.lock"), String(process.ppid));
      await expect(openDatabase({ dataDir: testDb.location })).rejects.toThrow(/in use by process/);
      fs.writeFileSync(path.join(testDb.location, "database.lock"), String(process.pid));
    });
  });
}
