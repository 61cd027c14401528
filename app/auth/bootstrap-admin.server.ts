import type { Database } from "~/db/database.server";
import { ensureBootstrapAdmin } from "./admin-accounts.server";

let done: Promise<void> | undefined;

/**
 * Once per process: create the ADMIN_EMAIL / ADMIN_PASSWORD admin when no admin exists yet.
 * A failure (a weak password, say) is logged and does not stop the site.
 */
export function bootstrapAdminOnce(database: Database): Promise<void> {
  done ??= ensureBootstrapAdmin(database, process.env)
    .then((result) => {
      if (result === "created") console.log(`[admin] Created the admin account ${process.env.ADMIN_EMAIL}.`);
    })
    .catch((error: unknown) => {
      console.error(`[admin] Could not create the ADMIN_EMAIL account: ${(error as Error).message}`);
    });
  return done;
}
