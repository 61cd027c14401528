import { hash, verify } from "@node-rs/argon2";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins/two-factor";
import { getEnv } from "#app/config/env.server.ts";
import { publicOrigin } from "#app/config/public-origin.server.ts";
import { siteSettings } from "#app/content/site-settings.server.ts";
import { authAccount, authSession, authTwoFactor, authUser, authVerification } from "#app/db/auth-schema.ts";
import type { Database } from "#app/db/database.server.ts";
import { outageReason } from "#app/db/database-unreachable.server.ts";
import { getLogger } from "#app/observability/logger.server.ts";
import { authSecret } from "./auth-secret.server.ts";
import { PASSWORD_MIN_LENGTH } from "./password-policy.ts";
import { handOverResetMail, RESET_LINK_MINUTES } from "./reset-password-mail.server.ts";

export { RESET_LINK_MINUTES };

/** Secure cookies in production, unless PUBLIC_URL says the site is served over plain http. */
export function wantsSecureCookies(): boolean {
  const env = getEnv();
  if (env.NODE_ENV !== "production") return false;
  return !env.PUBLIC_URL || env.PUBLIC_URL.startsWith("https:");
}

function createAuth(database: Database) {
  const env = getEnv();
  return betterAuth({
    appName: siteSettings().brand,
    baseURL: publicOrigin(),
    // better-auth's own notices through our logger (JSON in production), not its console lines.
    // Only the message and an error are kept: its other arguments may carry request data.
    logger: {
      log(level, message, ...args) {
        const err = args.find((arg) => arg instanceof Error);
        // An outage is answered 503 by the caller; one short line, not a stack per request.
        const outage = err && outageReason(err);
        if (outage) return getLogger().warn({ source: "better-auth", reason: outage }, "database unavailable");
        getLogger()[level]({ source: "better-auth", ...(err ? { err } : {}) }, message);
      },
    },
    secret: authSecretFor(env),
    database: drizzleAdapter(database.db, {
      provider: "pg",
      schema: {
        user: authUser,
        session: authSession,
        account: authAccount,
        verification: authVerification,
        twoFactor: authTwoFactor,
      },
    }),
    emailAndPassword: {
      enabled: true,
      // No public sign-up: accounts come from `npm run admin -- create` or ADMIN_EMAIL.
      disableSignUp: true,
      // Our policy counts characters (see password-policy.ts); these bounds are UTF-16 units.
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 512,
      password: {
        // Argon2id (memory-hard), OWASP's suggested parameters.
        hash: (password) => hash(password, { memoryCost: 19_456, timeCost: 2, parallelism: 1 }),
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      // Called only by the mail sender, at send time (password-reset-request.server.ts): the
      // link never sits in the outgoing mail table.
      async sendResetPassword({ user, token }) {
        handOverResetMail(user.email, token);
      },
    },
    // Reset tokens are kept as their SHA-256 (decision 028): someone who reads the database
    // (a backup, the WAL) learns no live link. Other verification rows stay as they are.
    verification: { storeIdentifier: { default: "plain", overrides: { "reset-password:": "hashed" } } },
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "user", input: false },
        twoFactorName: { type: "string", required: false, input: false },
        twoFactorAddedAt: { type: "date", required: false, input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      // Always read the session from the database, so sign-out and revocation act at once.
      cookieCache: { enabled: false },
    },
    advanced: {
      cookiePrefix: "umbra",
      useSecureCookies: wantsSecureCookies(),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    // Our own counters in the database cover sign-in, codes and resets (rate-limit.server.ts).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // Our counters replace the plugin's account lockout, which any holder of the password could
    // trip to lock the admin's own browser out (decision 013).
    plugins: [twoFactor({ issuer: siteSettings().brand, accountLockout: { enabled: false } })],
  });
}

function authSecretFor(env: ReturnType<typeof getEnv>): string {
  return authSecret({ configured: env.AUTH_SECRET, dataDir: env.DATA_DIR });
}

export type Auth = ReturnType<typeof createAuth>;

const instances = new WeakMap<Database, { auth: Auth; brand: string }>();

/**
 * The auth instance for an open database (one per database, made on first use), made again when
 * the studio published another brand: it names the site in authenticator apps (the TOTP issuer).
 */
export function getAuth(database: Database): Auth {
  const brand = siteSettings().brand;
  let made = instances.get(database);
  if (!made || made.brand !== brand) {
    made = { auth: createAuth(database), brand };
    instances.set(database, made);
  }
  return made.auth;
}
