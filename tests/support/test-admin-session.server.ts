import { createAdmin } from "#app/auth/admin-accounts.server.ts";
import { getAuth } from "#app/auth/auth.server.ts";
import type { Database } from "#app/db/database.server.ts";

/**
 * For integration tests: creates an admin and signs in with a password, as the login screen
 * does. Returns the session cookie as a browser would send it back.
 */
export async function signedInAdminCookie(
  database: Database,
  account: { email: string; password: string },
): Promise<string> {
  await createAdmin(database, account);
  const signedIn = await getAuth(database).api.signInEmail({ body: account, returnHeaders: true });
  return signedIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}
