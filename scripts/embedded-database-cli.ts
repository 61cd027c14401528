// What `npm run db:backup` and `npm run db:restore` share: arguments, DATA_DIR, and refusing
// a PostgreSQL server (pg_dump and pg_restore do that job better).
import path from "node:path";
import { parseArgs } from "node:util";
import { diskFullLine, isDiskFull } from "#app/observability/disk-full.ts";

/**
 * The PGlite data folder is archived as PGlite's own dumpDataDir() tar.gz, with DATA_DIR's
 * generated auth secret added under this name: TOTP secrets are encrypted with it, so a restore
 * without it would leave the admin unable to use their second factor.
 */
export const SECRET_IN_ARCHIVE = "umbra-auth-secret";

/** A failure the operator can act on: printed as a plain message, exit with `exitCode`. */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

export function dataDir(): string {
  // The server's default (app/config/env.server.ts).
  return path.resolve(process.env.DATA_DIR || "./data");
}

/** `FILE [--force]`, or undefined after printing usage for --help. */
export function parseCommand(usage: string, argv: string[]): { file: string; force: boolean } | undefined {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new CommandError(`${(error as Error).message}\n\n${usage}`, 2);
  }
  if (parsed.values.help) {
    console.log(usage);
    return undefined;
  }
  const [file, ...extra] = parsed.positionals;
  if (!file || extra.length > 0) throw new CommandError(`Give one archive file.\n\n${usage}`, 2);
  if (process.env.DATABASE_URL) {
    throw new CommandError(
      "DATABASE_URL is set, so the data is on a PostgreSQL server: back it up with pg_dump and restore it with\n" +
        'pg_restore (docs/deploying.md, "Backups"), e.g. pg_dump --format=custom --file=umbra.dump "$DATABASE_URL".',
      2,
    );
  }
  return { file: path.resolve(file), force: parsed.values.force };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: { force: { type: "boolean", default: false }, help: { type: "boolean", default: false } },
  });
}

/** Runs a command's body; expected failures (and a full disk) print their message alone, no stack. */
export async function runCommand(main: () => Promise<void>) {
  try {
    await main();
  } catch (error) {
    if (error instanceof CommandError) {
      console.error(error.message);
      process.exit(error.exitCode);
    }
    if (isDiskFull(error)) {
      console.error(diskFullLine(error, dataDir()));
      process.exit(1);
    }
    console.error((error as Error).stack);
    process.exit(1);
  }
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
