import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { migrationsFolder } from "#app/db/database.server.ts";

// What a release before migration 0009 (decision 045) left: its migrations, and rows in "tweets".

/** The migrations as the release before 0009 shipped them, 0000..0008, copied into `scratch`. */
export function migrationsUpTo0008(scratch: string): string {
  const folder = fs.mkdtempSync(path.join(scratch, "migrations-0008-"));
  fs.cpSync(migrationsFolder(), folder, { recursive: true });
  const journalFile = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8"));
  const last = journal.entries.findIndex((entry: { tag: string }) => entry.tag === "0008_uploaded_originals");
  if (last !== 8) throw new Error(`migration 0008 is entry ${last} of the journal, not 8`);
  journal.entries = journal.entries.slice(0, last + 1);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/** Rows an older version wrote; one changed since, so change_seq has moved on. */
export const ROWS_BEFORE_0009 = `
  insert into tweets (text, include_in_search, source_post_id, created_at) values
    ('An old public quote', true, '9001', '2021-05-01T10:00:00Z'),
    ('An old hidden quote', false, '9002', '2021-05-02T10:00:00Z'),
    ('A seeded quote', false, null, '2021-05-03T10:00:00Z');
  update tweets set include_in_search = true where source_post_id = '9002';
`;

/** A DATA_DIR whose embedded database an older version made: at 0008, with ROWS_BEFORE_0009. */
export async function dataDirAt0008(scratch: string): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(scratch, "data-"));
  const client = await PGlite.create(path.join(dataDir, "pglite"));
  try {
    await migrate(drizzle(client), { migrationsFolder: migrationsUpTo0008(scratch) });
    await client.exec(ROWS_BEFORE_0009);
  } finally {
    await client.close();
  }
  return dataDir;
}
