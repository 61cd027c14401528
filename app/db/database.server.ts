import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { acquireDataDirLock } from "./data-dir-lock.server.ts";
import { isDatabaseUnreachable } from "./database-unreachable.server.ts";
import { connectionSettings, PostgresListeners } from "./postgres-listeners.server.ts";
import { ensureDataDir, ensurePrivateDir, makePrivate } from "./private-data.server.ts";
import { redactDatabaseUrl } from "./redact-database-url.ts";
import * as schema from "./schema.ts";

/** What `db.execute(sql...)` resolves to on both drivers: at least the rows. */
export interface AppQueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<this["row"]>;
}
type QueryRows<Row> = { rows: Row[] };

/** The typed Drizzle database, the same type on PGlite and on a PostgreSQL server. */
export type AppDatabase = PgDatabase<AppQueryResultHKT, typeof schema>;

/** Stops a LISTEN subscription. */
export type Unlisten = () => Promise<void>;

export interface ListenHandlers {
  /** Called with each NOTIFY payload on the channel. */
  onPayload: (payload: string) => void;
  /**
   * Called when notifications may have been missed (the listening connection dropped and came
   * back). Subscribers should resynchronise from the database.
   */
  onGap?: () => void;
  /** Called when the listening connection drops; onGap follows once it is back. */
  onDrop?: () => void;
}

/** An open database: the Drizzle handle plus what the plain Drizzle API does not cover. */
export interface Database {
  readonly kind: "pglite" | "postgres";
  /** Where the data is, for messages and logs: the PGlite folder, or the server's URL without its password. */
  readonly location: string;
  readonly db: AppDatabase;
  /** Subscribes to a NOTIFY channel. Resolves once listening, so no later NOTIFY is lost. */
  listen(channel: string, handlers: ListenHandlers): Promise<Unlisten>;
  /** Resolves when the database answers a query. */
  ping(): Promise<void>;
  /** Closes connections; on PGlite, flushes to disk. Safe to call twice. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres:// URL of a PostgreSQL server; when absent, PGlite under dataDir is used. */
  databaseUrl?: string;
  /** Folder for the embedded database; created when missing. */
  dataDir: string;
  /** Apply pending migrations before resolving (default true). */
  migrate?: boolean;
  /** Runs after migrations while holding the start-up lock (for idempotent seeding). */
  afterMigrate?: (db: AppDatabase) => Promise<void>;
  /** PostgreSQL only: how long to wait for a connection and for a query (tests shorten them). */
  timeouts?: Partial<PostgresTimeouts>;
}

/**
 * How long a request may wait on a PostgreSQL server that does not answer (stopped, or the
 * network to it silent) before it fails and gets its 503: every query here takes milliseconds.
 */
export interface PostgresTimeouts {
  connectMs: number;
  queryMs: number;
  /**
   * How long start-up tries again while the server cannot be reached (refused, timed out,
   * starting up): a machine booting starts the app beside PostgreSQL, and a busy server may
   * take a connection late. Wrong credentials or a missing database fail at once.
   */
  startupWaitMs: number;
  /** How often the LISTEN connection is checked, so a silently dead one is noticed and replaced. */
  listenCheckMs: number;
}

const POSTGRES_TIMEOUTS: PostgresTimeouts = {
  connectMs: 5_000,
  queryMs: 10_000,
  startupWaitMs: 30_000,
  listenCheckMs: 15_000,
};
/** Between start-up's connection attempts. */
const STARTUP_RETRY_MS = 1_000;
// Start-up waits this long for another process's migrations (the advisory lock) before failing.
const STARTUP_LOCK_WAIT_MS = 10 * 60_000;

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;
// Shared memory is sized at start from these and touched, so it is resident from the first
// second. PostgreSQL's default 128 MB of shared buffers: a bare open was 304 MB RSS with it,
// 177 MB with 16 MB; with 8 MB and the per-backend tables sized for PGlite's one backend (no
// replication, one autovacuum slot), 166-174 MB against 186-189 MB after the first queries
// (decision 053). The hot data (quotes, sessions, settings, content rows) fits; the rest is one
// file read away in the OS cache.
const PGLITE_SETTINGS = [
  "shared_buffers=8MB",
  "max_connections=4",
  "wal_buffers=64kB",
  "max_wal_senders=0",
  "max_replication_slots=0",
  "autovacuum_worker_slots=1",
];
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ["-c", setting])];
// Any constant: serialises migrations and seeding when several processes start on one server.
const STARTUP_LOCK_KEY = 734_110_221;

/** The migrations folder next to this module, or app/db/migrations from the project root (built server). */
export function migrationsFolder(): string {
  const candidates = [
    fileURLToPath(new URL("./migrations", import.meta.url)),
    path.resolve(process.cwd(), "app/db/migrations"),
  ];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, "meta/_journal.json")));
  if (!found) throw new Error(`No database migrations found (looked in ${candidates.join(", ")})`);
  return found;
}

/**
 * The build's database, its tables and its content published (scripts/build-database-template.mjs, decision 050), beside the built server:
 * PostgreSQL's initdb costs 4-10 s and 700 MB of memory for a moment (decision 034), so a fresh
 * data folder starts as a copy of one made at build time. Not there (development, tests from
 * source): initdb runs as before.
 */
export function databaseTemplate(): string | undefined {
  // The built server's chunk sits in build/server/assets/, the template in build/server/.
  const dir = [new URL("./pglite-template", import.meta.url), new URL("../pglite-template", import.meta.url)]
    .map((url) => fileURLToPath(url))
    .find((candidate) => fs.existsSync(path.join(candidate, "PGLITE_VERSION")));
  if (!dir) return undefined;
  // Made by this PGlite: another version's files could be unreadable to it.
  return fs.readFileSync(path.join(dir, "PGLITE_VERSION"), "utf8").trim() === pgliteVersion() ? dir : undefined;
}

/** The installed PGlite's version (its package.json, found from its entry: it does not export the file). */
export function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  while (!fs.existsSync(path.join(dir, "package.json"))) dir = path.dirname(dir);
  return JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).version;
}

/** The template's stamps, not part of a database. */
const TEMPLATE_STAMPS = new Set(["PGLITE_VERSION", "MIGRATIONS", "CONTENT"]);

/** A fresh folder (no PG_VERSION yet) gets the build's database: the tables and the build's content. */
function copyFreshTemplate(folder: string): void {
  if (fs.existsSync(path.join(folder, "PG_VERSION"))) return;
  const template = databaseTemplate();
  if (!template) return;
  fs.cpSync(template, folder, { recursive: true, filter: (source) => !TEMPLATE_STAMPS.has(path.basename(source)) });
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options.dataDir, options);
}

function assertChannel(channel: string) {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid channel name "${channel}"`);
}

async function openPglite(dataDir: string, options: OpenDatabaseOptions): Promise<Database> {
  ensureDataDir(dataDir);
  // PGlite is single-process: a second process on the same folder would corrupt it.
  const lock = acquireDataDirLock(dataDir);
  const folder = path.join(dataDir, "pglite");
  let client: PGlite;
  try {
    // Owner-only before PGlite reads it and again after it wrote (private-data.server.ts).
    ensurePrivateDir(folder);
    copyFreshTemplate(folder);
    makePrivate(folder);
    client = await PGlite.create(folder, { startParams: PGLITE_START_PARAMS });
    makePrivate(folder);
  } catch (error) {
    lock.release();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as AppDatabase;
  try {
    if (options.migrate !== false) {
      await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
    }
    await options.afterMigrate?.(db);
  } catch (error) {
    await client.close();
    lock.release();
    throw error;
  }

  let closed: Promise<void> | undefined;
  return {
    kind: "pglite",
    location: path.resolve(dataDir, "pglite"),
    db,
    async listen(channel, handlers) {
      assertChannel(channel);
      const unlisten = await client.listen(channel, handlers.onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    async ping() {
      await client.query("select 1");
    },
    close() {
      closed ??= (async () => {
        if (!client.closed) await client.close();
        makePrivate(folder);
        lock.release();
      })();
      return closed;
    },
  };
}

async function openPostgres(databaseUrl: string, options: OpenDatabaseOptions): Promise<Database> {
  const timeouts = { ...POSTGRES_TIMEOUTS, ...options.timeouts };
  const pool = new pg.Pool({ ...connectionSettings(databaseUrl, timeouts), max: 10 });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", () => {});
  try {
    await firstAnswer(pool, timeouts.startupWaitMs);
  } catch (error) {
    await pool.end().catch(() => {});
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`DATABASE_URL: cannot connect to ${redactDatabaseUrl(databaseUrl)}: ${reason}`);
  }
  const db = drizzleNodePostgres(pool, { schema }) as unknown as AppDatabase;

  const lockClient = await pool.connect();
  try {
    await lockClient.query({
      text: "select pg_advisory_lock($1)",
      values: [STARTUP_LOCK_KEY],
      query_timeout: STARTUP_LOCK_WAIT_MS,
    } as pg.QueryConfig);
    if (options.migrate !== false) {
      await migrateNodePostgres(db as never, { migrationsFolder: migrationsFolder() });
    }
    await options.afterMigrate?.(db);
  } catch (error) {
    lockClient.release();
    await pool.end().catch(() => {});
    throw error;
  } finally {
    await lockClient.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]).catch(() => {});
  }
  lockClient.release();

  const listeners = new PostgresListeners(databaseUrl, timeouts);
  let closed: Promise<void> | undefined;
  return {
    kind: "postgres",
    location: redactDatabaseUrl(databaseUrl),
    db,
    listen: (channel, handlers) => {
      assertChannel(channel);
      return listeners.listen(channel, handlers);
    },
    async ping() {
      await pool.query("select 1");
    },
    close() {
      closed ??= (async () => {
        await listeners.close();
        await pool.end();
      })();
      return closed;
    },
  };
}

/** The server's first answer, tried again while it cannot be reached, for up to `waitMs`. */
async function firstAnswer(pool: pg.Pool, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      await pool.query("select 1");
      return;
    } catch (error) {
      if (!isDatabaseUnreachable(error) || Date.now() + STARTUP_RETRY_MS > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, STARTUP_RETRY_MS));
    }
  }
}
