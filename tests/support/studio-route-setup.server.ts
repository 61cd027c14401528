import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { authUser } from "#app/db/auth-schema.ts";
import { databaseContext } from "#app/db/context.ts";
import { signedInAdminCookie } from "./test-admin-session.server.ts";
import { createTestDatabase, type TestDatabase, type TestEngine } from "./test-database.server.ts";

export interface StudioRouteSetup {
  testDb: TestDatabase;
  context: RouterContextProvider;
  /** The studio's admin with a second factor. */
  cookie: string;
  /** An admin who has not added an authenticator yet. */
  noFactorCookie: string;
}

/** For route tests: a database, a router context on it, and two admins' session cookies. */
export async function studioRouteSetup(engine: TestEngine, name: string): Promise<StudioRouteSetup> {
  process.env.AUTH_SECRET ??= "integration-test-auth-secret-0123456789abcdef";
  process.env.PUBLIC_URL ??= "http://test";
  const testDb = await createTestDatabase(engine);
  const context = new RouterContextProvider();
  context.set(databaseContext, testDb.database);
  const account = { email: `${name}-admin-${engine}@umbra.test`, password: `${name} route test passphrase` };
  const cookie = await signedInAdminCookie(testDb.database, account);
  // The studio's admin has a verified authenticator (its session then is level 2).
  await testDb.database.db.update(authUser).set({ twoFactorEnabled: true }).where(eq(authUser.email, account.email));
  const noFactorCookie = await signedInAdminCookie(testDb.database, {
    email: `${name}-no-factor-${engine}@umbra.test`,
    password: `${name} second route test passphrase`,
  });
  return { testDb, context, cookie, noFactorCookie };
}
