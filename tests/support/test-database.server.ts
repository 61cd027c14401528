import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type Database, type OpenDatabaseOptions, openDatabase } from "#app/db/database.server.ts";
import { seedFromTestTemplate } from "./pglite-test-template.ts";

export type TestEngine = "pglite" | "postgres";

/**
 * Every engine integration tests cover. A suite that loops over these with
 * `describe.runIf(engineAvailable(engine))` reports the PostgreSQL cases as skipped, rather than
 * leaving them out, when TEST_DATABASE_URL is not set.
 */
export const allTestEngines: readonly TestEngine[] = ["pglite", "postgres"];

/** Whether an engine can be tested here: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function engineAvailable(engine: TestEngine): boolean {
  return engine === "pglite" || Boolean(process.env.TEST_DATABASE_URL);
}

/** The engines integration tests can run on here: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const testEngines: TestEngine[] = allTestEngines.filter(engineAvailable);

export interface TestDatabase {
  database: Database;
  /** The URL of the private PostgreSQL database, or the PGlite folder. */
  location: string;
  /** Closes the database and deletes it (the PGlite folder, or DROP DATABASE). */
  destroy(): Promise<void>;
}

/**
 * A fresh, private, migrated database. On PostgreSQL it is a new database with a random name,
 * so parallel runs (other engineers, CI) never share tables; it is dropped by destroy().
 */
export async function createTestDatabase(
  engine: TestEngine,
  options: Partial<OpenDatabaseOptions> = {},
): Promise<TestDatabase> {
  if (engine === "pglite") {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-db-test-"));
    // A test of unmigrated tables gets an empty database, as before.
    if (options.migrate !== false) seedFromTestTemplate(dataDir);
    const database = await openDatabase({ dataDir, ...options });
    return {
      database,
      location: dataDir,
      async destroy() {
        await database.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const { url, drop } = await createPostgresTestDatabase();
  if (options.migrate !== false) {
    // Migrated on a connection that waits out a busy server (a CI run saw PostgreSQL take over
    // 10 s for one CREATE TABLE under load); the test's own connection keeps the real limits.
    const migrating = await openDatabase({
      dataDir: "unused",
      databaseUrl: url,
      timeouts: { connectMs: 30_000, queryMs: 120_000 },
    });
    await migrating.close();
  }
  const database = await openDatabase({ dataDir: "unused", databaseUrl: url, ...options, migrate: false });
  return {
    database,
    location: url,
    async destroy() {
      await database.close();
      await drop();
    },
  };
}

/** Creates an empty PostgreSQL database with a random name next to TEST_DATABASE_URL's. */
export async function createPostgresTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `umbra_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
