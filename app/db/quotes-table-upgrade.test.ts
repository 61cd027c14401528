import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { QUOTES_CHANNEL } from "#app/realtime/admin-event-hub.server.ts";
import { migrationsUpTo0008, ROWS_BEFORE_0009 } from "#tests/support/database-before-quotes-rename.ts";
import { allTestEngines, createPostgresTestDatabase, engineAvailable } from "#tests/support/test-database.server.ts";
import { type Database, openDatabase } from "./database.server.ts";
import { quotes } from "./schema.ts";

const READ_OLD = "select id, text, include_in_search, source_post_id, change_seq from tweets order by id";
const READ_NEW = "select id, text, include_in_search, source_post_id, change_seq from quotes order by id";

/** Names still saying tweets: tables, sequences, indexes, constraints, functions, triggers. */
const LEFTOVER_NAMES = `
  select relname as name from pg_class where relname like 'tweets%'
  union all select conname from pg_constraint where conname like 'tweets%'
  union all select proname from pg_proc where proname like 'tweets%'
  union all select tgname from pg_trigger where tgname like 'tweets%'`;

type Row = Record<string, unknown>;

for (const engine of allTestEngines) {
  describe.runIf(engineAvailable(engine))(
    `upgrading a ${engine} database made before migration 0009`,
    { timeout: 120_000 },
    () => {
      const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-quotes-upgrade-"));
      const cleanups: Array<() => Promise<void>> = [];
      afterAll(async () => {
        for (const cleanup of cleanups.reverse()) await cleanup();
        fs.rmSync(scratch, { recursive: true, force: true });
      });

      /** Makes a database at 0008 with rows, returns those rows and how to open it as today's server does. */
      async function databaseAt0008(): Promise<{ before: Row[]; open: () => Promise<Database> }> {
        const oldMigrations = migrationsUpTo0008(scratch);
        if (engine === "pglite") {
          const dataDir = fs.mkdtempSync(path.join(scratch, "data-"));
          const client = await PGlite.create(path.join(dataDir, "pglite"));
          await migratePglite(drizzlePglite(client), { migrationsFolder: oldMigrations });
          await client.exec(ROWS_BEFORE_0009);
          const before = (await client.query<Row>(READ_OLD)).rows;
          await client.close();
          return { before, open: () => openDatabase({ dataDir }) };
        }
        const { url, drop } = await createPostgresTestDatabase();
        cleanups.push(drop);
        const pool = new pg.Pool({ connectionString: url, max: 1 });
        try {
          await migrateNodePostgres(drizzleNodePostgres(pool), { migrationsFolder: oldMigrations });
          await pool.query(ROWS_BEFORE_0009);
          const before = (await pool.query<Row>(READ_OLD)).rows;
          return { before, open: () => openDatabase({ dataDir: "unused", databaseUrl: url }) };
        } finally {
          await pool.end();
        }
      }

      it("keeps every row and id, names everything quotes, and a change still notifies the quote wall's channel", async () => {
        const { before, open } = await databaseAt0008();
        expect(before).toHaveLength(3);
        const database = await open();
        cleanups.push(() => database.close());
        const { db } = database;

        // Every row, id and change number as the old version left them.
        const after = (await db.execute(READ_NEW)) as unknown as { rows: Row[] };
        expect(after.rows.map(normalise)).toEqual(before.map(normalise));
        const leftovers = (await db.execute(LEFTOVER_NAMES)) as unknown as { rows: Row[] };
        // Only the rolling-restart bridge (the view "tweets", tested below) keeps the old name.
        expect(leftovers.rows).toEqual([{ name: "tweets" }]);

        // The realtime path (decisions 008, 012): a change is stamped and announced on the channel
        // the quote event hub listens to.
        const heard: Array<{ op: string; id: number; row?: Row }> = [];
        const unlisten = await database.listen(QUOTES_CHANNEL, { onPayload: (p) => heard.push(JSON.parse(p)) });
        try {
          const wasPublic = before.find((row) => row.source_post_id === "9001")!;
          await db
            .update(quotes)
            .set({ includeInSearch: false })
            .where(eq(quotes.id, Number(wasPublic.id)));
          await expect.poll(() => heard.length).toBe(1);
          const maxSeq = Math.max(...before.map((row) => Number(row.change_seq)));
          expect(heard[0]).toMatchObject({ op: "UPDATE", id: Number(wasPublic.id), row: { include_in_search: false } });
          expect(Number(heard[0]?.row?.change_seq)).toBeGreaterThan(maxSeq);

          // New rows continue the old id sequence; an imported post is still unique.
          const [added] = await db.insert(quotes).values({ text: "A new quote" }).returning();
          expect(added?.id).toBeGreaterThan(Math.max(...before.map((row) => Number(row.id))));
          await expect(db.insert(quotes).values({ text: "again", sourcePostId: "9002" })).rejects.toThrow();
          await expect.poll(() => heard.map((event) => event.op)).toEqual(["UPDATE", "INSERT"]);
        } finally {
          await unlisten();
        }
      });

      it("a process still running the previous version keeps reading, writing and hearing quotes until it restarts", async () => {
        const { before, open } = await databaseAt0008();
        const database = await open();
        cleanups.push(() => database.close());
        const { db } = database;
        const heardOld: Row[] = [];
        const heardNew: Row[] = [];
        const stopOld = await database.listen("tweets_changed", { onPayload: (p) => heardOld.push(JSON.parse(p)) });
        const stopNew = await database.listen(QUOTES_CHANNEL, { onPayload: (p) => heardNew.push(JSON.parse(p)) });
        try {
          // The statements the previous version's Drizzle code sends, by the old table name.
          const listed = (await db.execute(
            sql`select "id", "text" from "tweets" where "tweets"."include_in_search" = true order by "created_at" desc`,
          )) as unknown as { rows: Row[] };
          expect(listed.rows.map((row) => row.text)).toEqual(["An old hidden quote", "An old public quote"]);
          const id = Number(before.find((row) => row.source_post_id === "9001")?.id);
          const updated = (await db.execute(
            sql`update "tweets" set "include_in_search" = false where "tweets"."id" = ${id} returning "change_seq"`,
          )) as unknown as { rows: Row[] };
          expect(Number(updated.rows[0]?.change_seq)).toBeGreaterThan(
            Math.max(...before.map((r) => Number(r.change_seq))),
          );
          const inserted = (await db.execute(
            sql`insert into "tweets" ("text") values ('Written by the old process') returning "id"`,
          )) as unknown as { rows: Row[] };
          expect(Number(inserted.rows[0]?.id)).toBeGreaterThan(Math.max(...before.map((r) => Number(r.id))));

          // Both versions' processes hear both changes, in order.
          const expected = [
            { op: "UPDATE", id, row: expect.objectContaining({ include_in_search: false }) },
            {
              op: "INSERT",
              id: Number(inserted.rows[0]?.id),
              row: expect.objectContaining({ include_in_search: false }),
            },
          ];
          await expect.poll(() => heardOld.length).toBe(2);
          await expect.poll(() => heardNew.length).toBe(2);
          expect(heardOld).toEqual(expected);
          expect(heardNew).toEqual(expected);
          const [row] = await db.select().from(quotes).where(eq(quotes.text, "Written by the old process"));
          expect(row?.changeSeq).toBeGreaterThan(0);
        } finally {
          await stopOld();
          await stopNew();
        }
      });
    },
  );
}

/** PGlite and node-postgres give bigint and boolean columns back alike, apart from bigint's type. */
function normalise(row: Row): Row {
  return { ...row, id: Number(row.id), change_seq: Number(row.change_seq) };
}
