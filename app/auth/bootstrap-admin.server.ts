import type { Logger } from "pino";
import type { Env } from "#app/config/env.server.ts";
import type { Database } from "#app/db/database.server.ts";
import { ensureBootstrapAdmin } from "./admin-accounts.server.ts";

/**
 * At start-up: create the ADMIN_EMAIL / ADMIN_PASSWORD admin when no admin exists yet.
 * A failure (a weak password, say) is logged and does not stop the site.
 */
export async function bootstrapAdmin(database: Database, env: Env, logger: Logger): Promise<void> {
  try {
    const result = await ensureBootstrapAdmin(database, env);
    if (result === "created") logger.info({ email: env.ADMIN_EMAIL }, `Created the admin account ${env.ADMIN_EMAIL}`);
  } catch (error) {
    logger.error({ err: error }, `Could not create the ADMIN_EMAIL account: ${(error as Error).message}`);
  }
}
