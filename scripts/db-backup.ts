// `npm run db:backup -- FILE`: the embedded database (PGlite under DATA_DIR) to one .tar.gz.
// .env first: DATA_DIR and DATABASE_URL may come from it, as for the server.
import "#server/load-env-file.ts";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { acquireDataDirLock } from "#app/db/data-dir-lock.server.ts";
import { diskFullLine, isDiskFull } from "#app/observability/disk-full.ts";
import {
  CommandError,
  dataDir,
  megabytes,
  parseCommand,
  runCommand,
  SECRET_IN_ARCHIVE,
} from "./embedded-database-cli.ts";
import { linkOriginalsInto } from "./originals-in-archive.ts";
import { copySigningKeysInto } from "./signing-keys-in-archive.ts";

const usage = `Usage: npm run db:backup -- FILE [--force]

Writes the embedded database in DATA_DIR (default ./data), with the uploaded originals
in DATA_DIR/originals, the certificate signing keys and the DKIM key, to FILE, a .tar.gz that
npm run db:restore reads back. Stop the server first: it holds the database while it runs.
  --force   overwrite FILE when it exists
With DATABASE_URL set, use pg_dump instead (docs/deploying.md, "Backups").`;

await runCommand(async () => {
  const command = parseCommand(usage, process.argv.slice(2));
  if (!command) return;
  const dir = dataDir();
  const pgdata = path.join(dir, "pglite");
  if (!fs.existsSync(path.join(pgdata, "PG_VERSION"))) throw new CommandError(`No embedded database in ${dir}.`);
  if (fs.existsSync(command.file) && !command.force) {
    throw new CommandError(`${command.file} exists; choose another name or add --force.`);
  }

  const started = performance.now();
  let lock: ReturnType<typeof acquireDataDirLock>;
  try {
    // Also keeps the server from starting on the database while it is being read.
    lock = acquireDataDirLock(dir);
  } catch (error) {
    if (isDiskFull(error)) throw new CommandError(`Not backing up: ${diskFullLine(error, dir)}`);
    throw new CommandError(`Not backing up: ${(error as Error).message}`);
  }
  const secretCopy = path.join(pgdata, SECRET_IN_ARCHIVE);
  let originals: ReturnType<typeof linkOriginalsInto> | undefined;
  let signingKeys: ReturnType<typeof copySigningKeysInto> | undefined;
  try {
    console.log(`Opening the embedded database in ${dir}...`);
    const client = await PGlite.create(pgdata);
    try {
      // dumpDataDir archives every file in the data folder, so the secret rides along.
      const secret = path.join(dir, "auth-secret");
      if (fs.existsSync(secret)) fs.copyFileSync(secret, secretCopy);
      else if (process.env.AUTH_SECRET)
        console.log("AUTH_SECRET is set: keep it with this backup (TOTP secrets need it).");
      originals = linkOriginalsInto(path.join(dir, "originals"), pgdata);
      if (originals.count > 0) console.log(`With ${originals.count} uploaded originals.`);
      signingKeys = copySigningKeysInto(dir, pgdata);
      if (signingKeys.copied) console.log("With the certificate signing keys: keep this file as private as they are.");
      if (signingKeys.dkim) console.log("With the DKIM key that signs the studio's mail.");
      console.log("Dumping it...");
      const archive = Buffer.from(await (await client.dumpDataDir("gzip")).arrayBuffer());
      // Written beside, then renamed: an interrupted backup never looks like a complete one.
      const partial = `${command.file}.partial`;
      try {
        fs.writeFileSync(partial, archive, { mode: 0o600 });
        fs.renameSync(partial, command.file);
      } catch (error) {
        // Nothing half-written is left to be mistaken for a backup, or to fill the disk further.
        fs.rmSync(partial, { force: true });
        if (isDiskFull(error)) {
          throw new CommandError(`Not backed up: ${diskFullLine(error, command.file)}`);
        }
        throw error;
      }
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`Backed up to ${command.file} (${megabytes(archive.length)}) in ${seconds} s.`);
    } finally {
      fs.rmSync(secretCopy, { force: true });
      originals?.remove();
      signingKeys?.remove();
      await client.close();
    }
  } finally {
    lock.release();
  }
});
