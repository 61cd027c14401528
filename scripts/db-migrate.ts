// `npm run db:migrate`: applies pending migrations to the configured database (DATABASE_URL, or
// PGlite under DATA_DIR) and exits. The server also does this at start-up.
import { ConfigError, getEnv } from "~/config/env.server";
import { openDatabase } from "~/db/database.server";

try {
  const env = getEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await database.close();
  console.log(`Migrations applied (${database.kind === "pglite" ? `PGlite in ${env.DATA_DIR}` : "DATABASE_URL"}).`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Migration failed: ${(error as Error).message}`);
  process.exit(1);
}
