import { eq } from "drizzle-orm";
import { authUser } from "#app/db/auth-schema.ts";
import type { Database } from "#app/db/database.server.ts";
import { getAuth } from "./auth.server.ts";
import { passwordProblem } from "./password-policy.ts";

export class AdminAccountError extends Error {
  override name = "AdminAccountError";
}

function normaliseEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(trimmed)) throw new AdminAccountError(`"${email}" is not an email address.`);
  return trimmed;
}

function assertPasswordAllowed(password: string) {
  const problem = passwordProblem(password);
  if (problem) throw new AdminAccountError(problem);
}

/** Creates an admin account with a password (there is no public sign-up). */
export async function createAdmin(database: Database, input: { email: string; password: string; name?: string }) {
  const email = normaliseEmail(input.email);
  assertPasswordAllowed(input.password);
  const context = await getAuth(database).$context;
  if (await context.internalAdapter.findUserByEmail(email)) {
    throw new AdminAccountError(`An account for ${email} already exists.`);
  }
  const user = await context.internalAdapter.createUser(
    {
      email,
      name: input.name ?? email.split("@")[0] ?? "Admin",
      emailVerified: true,
      role: "admin",
    },
    { method: "admin" },
  );
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await context.password.hash(input.password),
  });
  return { id: user.id, email };
}

/** Sets a new password and ends every session of the account. */
export async function resetAdminPassword(database: Database, input: { email: string; password: string }) {
  const email = normaliseEmail(input.email);
  assertPasswordAllowed(input.password);
  const context = await getAuth(database).$context;
  const found = await context.internalAdapter.findUserByEmail(email);
  if (!found) throw new AdminAccountError(`No account for ${email}.`);
  const hashed = await context.password.hash(input.password);
  if (await context.internalAdapter.findCredentialAccount(found.user.id)) {
    await context.internalAdapter.updatePassword(found.user.id, hashed);
  } else {
    await context.internalAdapter.linkAccount({
      userId: found.user.id,
      providerId: "credential",
      accountId: found.user.id,
      password: hashed,
    });
  }
  await context.internalAdapter.deleteUserSessions(found.user.id);
  return { id: found.user.id, email };
}

export async function listAdmins(database: Database) {
  return database.db
    .select({
      email: authUser.email,
      twoFactorEnabled: authUser.twoFactorEnabled,
      createdAt: authUser.createdAt,
    })
    .from(authUser)
    .where(eq(authUser.role, "admin"))
    .orderBy(authUser.createdAt);
}

/**
 * On start-up: when ADMIN_EMAIL and ADMIN_PASSWORD are set and no admin exists yet, create it.
 * Returns what happened, for the log.
 */
export async function ensureBootstrapAdmin(
  database: Database,
  env: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string },
): Promise<"created" | "exists" | "not-configured"> {
  if (!env.ADMIN_EMAIL || !env.ADMIN_PASSWORD) return "not-configured";
  const existing = await database.db
    .select({ id: authUser.id })
    .from(authUser)
    .where(eq(authUser.role, "admin"))
    .limit(1);
  if (existing.length > 0) return "exists";
  await createAdmin(database, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
  return "created";
}
