// `npm run db:migrate`: applies pending migrations to the configured database (DATABASE_URL, or
// PGlite under DATA_DIR) and exits. The server also does this at start-up.
import "#server/load-env-file.ts";
import { getEnv } from "#app/config/env.server.ts";
import { parseCommandLine, runCommand } from "./cli.ts";
import { openConfiguredDatabase } from "./cli-database.ts";

const usage = `Usage: npm run db:migrate
Applies pending migrations to DATABASE_URL's PostgreSQL, or to the embedded database under
DATA_DIR, and exits. The server also does this at start-up.`;

parseCommandLine({ usage, options: {} });

await runCommand(usage, async () => {
  const env = getEnv();
  const database = await openConfiguredDatabase(env);
  await database.close();
  console.log(`Migrations applied (${database.kind === "pglite" ? `PGlite in ${env.DATA_DIR}` : "DATABASE_URL"}).`);
});
