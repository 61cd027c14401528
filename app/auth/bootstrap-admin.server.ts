import { getEnv } from "~/config/env.server";
import type { Database } from "~/db/database.server";
import { getLogger } from "~/observability/logger.server";
import { ensureBootstrapAdmin } from "./admin-accounts.server";

let done: Promise<void> | undefined;

/**
 * Once per process: create the ADMIN_EMAIL / ADMIN_PASSWORD admin when no admin exists yet.
 * A failure (a weak password, say) is logged and does not stop the site.
 */
export function bootstrapAdminOnce(database: Database): Promise<void> {
  const env = getEnv();
  done ??= ensureBootstrapAdmin(database, env)
    .then((result) => {
      if (result === "created")
        getLogger().info({ email: env.ADMIN_EMAIL }, `Created the admin account ${env.ADMIN_EMAIL}`);
    })
    .catch((error: unknown) => {
      getLogger().error({ err: error }, `Could not create the ADMIN_EMAIL account: ${(error as Error).message}`);
    });
  return done;
}
