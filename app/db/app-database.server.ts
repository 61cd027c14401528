import { getEnv } from "~/config/env.server";
import { seedQuotesIfEmpty } from "~/quotes/seed.server";
import { type Database, openDatabase } from "./database.server";

// Kept on globalThis so development module reloads never open the embedded database twice.
const store = globalThis as typeof globalThis & { __umbraDatabase?: Promise<Database> };

/**
 * The process's database, opened on first use from the validated environment (PGlite under
 * DATA_DIR, or DATABASE_URL), migrated and seeded. Lazy, because prerendering at build time
 * runs server code that must not open a database it does not need.
 */
export function getDatabase(): Promise<Database> {
  if (!store.__umbraDatabase) {
    const env = getEnv();
    const opening = openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      afterMigrate: async (db) => {
        await seedQuotesIfEmpty(db);
      },
    });
    store.__umbraDatabase = opening;
    opening.catch(() => {
      if (store.__umbraDatabase === opening) store.__umbraDatabase = undefined;
    });
  }
  return store.__umbraDatabase;
}

/** Closes the process's database if it was opened (PGlite flushes to disk). */
export async function closeDatabase(): Promise<void> {
  const opening = store.__umbraDatabase;
  store.__umbraDatabase = undefined;
  if (!opening) return;
  const database = await opening.catch(() => undefined);
  await database?.close();
}
