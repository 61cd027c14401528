// `npm run db:restore -- FILE`: an archive from `npm run db:backup` into DATA_DIR's embedded database.
// .env first: DATA_DIR and DATABASE_URL may come from it, as for the server.
import "#server/load-env-file.ts";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { acquireDataDirLock } from "#app/db/data-dir-lock.server.ts";
import { ensureDataDir, ensurePrivateDir, makePrivate, setPrivateUmask } from "#app/db/private-data.server.ts";
import { diskFullLine, isDiskFull } from "#app/observability/disk-full.ts";
import {
  CommandError,
  dataDir,
  megabytes,
  parseCommand,
  runCommand,
  SECRET_IN_ARCHIVE,
} from "./embedded-database-cli.ts";
import { moveOriginalsOut } from "./originals-in-archive.ts";
import { moveKeyFilesOut } from "./signing-keys-in-archive.ts";

const usage = `Usage: npm run db:restore -- FILE [--force]

Loads FILE, written by npm run db:backup, as the embedded database in DATA_DIR (default ./data).
Stop the server first.
  --force   replace an existing database; it is kept in DATA_DIR/before-restore-<time>/
With DATABASE_URL set, use pg_restore instead (docs/deploying.md, "Backups").`;

await runCommand(async () => {
  const command = parseCommand(usage, process.argv.slice(2));
  if (!command) return;
  if (!fs.existsSync(command.file)) throw new CommandError(`No such file: ${command.file}`);
  const dir = dataDir();
  const pgdata = path.join(dir, "pglite");
  const secret = path.join(dir, "auth-secret");
  const existing = fs.existsSync(pgdata);
  if (existing && !command.force) {
    throw new CommandError(`${dir} already has a database; add --force to replace it (it is kept aside).`);
  }

  const started = performance.now();
  setPrivateUmask();
  ensureDataDir(dir);
  let lock: ReturnType<typeof acquireDataDirLock>;
  try {
    lock = acquireDataDirLock(dir);
  } catch (error) {
    throw new CommandError(`Not restoring: ${(error as Error).message}`);
  }
  // Loaded beside the live folder and swapped in only once it opens and answers.
  const incoming = path.join(dir, "pglite.restoring");
  try {
    fs.rmSync(incoming, { recursive: true, force: true });
    ensurePrivateDir(incoming);
    const archive = fs.readFileSync(command.file);
    console.log(`Loading ${command.file} (${megabytes(archive.length)})...`);
    const client = await PGlite.create(incoming, { loadDataDir: new Blob([archive]) });
    try {
      const { rows } = await client.query<{ tables: number }>(
        "select count(*)::int as tables from information_schema.tables where table_schema = 'public'",
      );
      console.log(`It opens: ${rows[0]?.tables ?? 0} tables.`);
    } finally {
      await client.close();
    }
    // The archive's files come out 0666: owner-only before they become the live database.
    makePrivate(incoming);

    let aside: string | undefined;
    if (existing) {
      aside = path.join(dir, `before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`);
      fs.mkdirSync(aside, { mode: 0o700 });
      fs.renameSync(pgdata, path.join(aside, "pglite"));
      if (fs.existsSync(secret)) fs.renameSync(secret, path.join(aside, "auth-secret"));
      console.log(`The database it replaces is in ${aside}.`);
    }
    fs.renameSync(incoming, pgdata);
    const restoredSecret = path.join(pgdata, SECRET_IN_ARCHIVE);
    if (fs.existsSync(restoredSecret)) {
      fs.renameSync(restoredSecret, secret);
      fs.chmodSync(secret, 0o600);
    }
    const keys = moveKeyFilesOut(pgdata, dir, aside);
    if (keys.certificates) console.log("With the certificate signing keys.");
    if (keys.dkim) console.log("With the DKIM key that signs the studio's mail.");
    const originals = moveOriginalsOut(pgdata, path.join(dir, "originals"));
    if (originals > 0) console.log(`With ${originals} uploaded originals, in ${path.join(dir, "originals")}.`);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Restored into ${pgdata} in ${seconds} s. Start the server.`);
  } catch (error) {
    fs.rmSync(incoming, { recursive: true, force: true });
    if (error instanceof CommandError) throw error;
    if (isDiskFull(error)) throw new CommandError(`Not restored: ${diskFullLine(error, dir)}`);
    throw new CommandError(`Could not restore ${command.file}: ${(error as Error).message}`);
  } finally {
    lock.release();
  }
});
