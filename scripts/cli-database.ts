// The database a command-line tool works on, with failures to open it as plain messages.
import { openDatabase } from "#app/db/database.server.ts";
import { setPrivateUmask } from "#app/db/private-data.server.ts";
import { diskFullLine, isDiskFull } from "#app/observability/disk-full.ts";
import { CliError } from "./cli.ts";

/**
 * Opens the configured database (DATABASE_URL, or PGlite under DATA_DIR) and applies pending
 * migrations. Failing to open it (in use by the server, unreachable) is a plain message.
 */
export async function openConfiguredDatabase(env: { DATABASE_URL?: string; DATA_DIR: string }) {
  setPrivateUmask();
  try {
    return await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  } catch (error) {
    // A full disk says ENOSPC, the folder and what to do (the error may name no file).
    throw new CliError(isDiskFull(error) ? diskFullLine(error, env.DATA_DIR) : (error as Error).message);
  }
}
