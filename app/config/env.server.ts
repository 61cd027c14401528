import net from "node:net";
import { z } from "zod";

const postgresUrl = z
  .url({ message: "must be a URL like postgres://user:password@host:5432/database" })
  .refine((value) => /^postgres(ql)?:\/\//.test(value), {
    message: "must start with postgres:// or postgresql://",
  });

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);

// An S3-compatible endpoint (AWS, MinIO, Ceph...): http(s) only, no path (the bucket is S3_BUCKET).
const s3Url = z
  .url({ message: "must be a URL like https://s3.eu-west-1.amazonaws.com" })
  .refine((value) => /^https?:\/\//.test(value), { message: "must start with https:// or http://" })
  .refine((value) => !URL.canParse(value) || new URL(value).pathname === "/", {
    message: "must be the endpoint alone, with no path (the bucket is S3_BUCKET)",
  });

// The site's public origin. Links in mail and the allowed Origin of every form come from here,
// never from the request's Host (decision 013).
const publicUrl = z
  .url({ message: "must be a URL like https://umbra.example" })
  .refine((value) => /^https?:\/\//.test(value), { message: "must start with https:// or http://" })
  .refine((value) => !URL.canParse(value) || new URL(value).pathname === "/", {
    message: "must be an origin, with no path (the site runs at /)",
  })
  .transform((value) => new URL(value).origin);

const proxyAddress = (entry: string) =>
  ["loopback", "linklocal", "uniquelocal"].includes(entry) || net.isIP(entry.split("/")[0] ?? "") !== 0;

/**
 * Which proxies may tell us the client's address in X-Forwarded-For: unset (no proxy, the
 * default), a hop count ("1" for one nginx), or a comma-separated list of proxy addresses or
 * CIDR ranges (Express's "trust proxy"). Trusting every proxy is refused: any client could then
 * pick the address its rate limit is counted under.
 */
const trustProxy = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .optional()
    .transform((value, ctx): false | number | string[] => {
      if (value === undefined || value === "false" || value === "0") return false;
      if (/^\d{1,2}$/.test(value)) return Number(value);
      const entries = value
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean);
      const bad = entries.filter((entry) => !proxyAddress(entry));
      if (value === "true" || entries.length === 0 || bad.length > 0) {
        ctx.addIssue({
          code: "custom",
          message: `must be a hop count (e.g. 1) or proxy addresses (e.g. 127.0.0.1,10.0.0.0/8)${bad.length ? `; not an address: ${bad.join(", ")}` : ""}`,
        });
        return z.NEVER;
      }
      return entries;
    }),
);

// Mail goes over SMTP when this is set: smtp://user:pass@host:587, or smtps:// for TLS from the start.
const smtpUrl = z
  .url({ message: "must be a URL like smtp://user:password@mail.example:587" })
  .refine((value) => /^smtps?:\/\//.test(value), { message: "must start with smtp:// or smtps://" });

// "Name <address>" or a bare address: nodemailer's sender forms.
const emailFrom = z
  .string()
  .trim()
  .refine((value) => /^[^<>@\s]+@[^<>@\s]+$/.test(value) || /^[^<>]*<[^<>@\s]+@[^<>@\s]+>$/.test(value), {
    message: 'must be an address or "Name <address>", e.g. Umbra <no-reply@umbra.example>',
  });

// DKIM (decision 077): the domain that signs (d=, the From address's or a parent of it) and the
// selector naming its DNS record (s=, <selector>._domainkey.<domain>).
const dnsName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, {
    message: "must be a domain name like umbra.example",
  });
const dkimSelector = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/, {
    message: "must be a DNS label like umbra2026 (letters, digits and hyphens)",
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ message: "must be a port number, 0 to 65535" })
        .int("must be a port number, 0 to 65535")
        .min(0, "must be a port number, 0 to 65535")
        .max(65535, "must be a port number, 0 to 65535")
        .default(3000),
    ),
    HOST: z.preprocess(emptyAsUndefined, z.string().default("0.0.0.0")),
    // Where the embedded database (and other local state) lives when DATABASE_URL is not set.
    DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default("./data")),
    DATABASE_URL: z.preprocess(emptyAsUndefined, postgresUrl.optional()),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    // Derive every prerendered page's first-screen images in the background after start
    // (decision 017); "off" for a process that must not spend idle CPU on it (benchmarks).
    WARM_IMAGES: z.preprocess(emptyAsUndefined, z.enum(["on", "off"]).default("on")),
    // How long derivatives and zoom pyramids of a replaced original are kept, so a page opened
    // before the change keeps working (decision 026).
    IMAGE_PRUNE_GRACE_MINUTES: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ message: "must be a number of minutes, 0 or more" })
        .int("must be a whole number of minutes")
        .min(0, "must be a number of minutes, 0 or more")
        .default(60),
    ),
    // Signs sessions. Several processes on one PostgreSQL must share it, so production with
    // DATABASE_URL requires it; a single embedded-database process may keep one under DATA_DIR.
    AUTH_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, "must be at least 32 characters").optional()),
    PUBLIC_URL: z.preprocess(emptyAsUndefined, publicUrl.optional()),
    TRUST_PROXY: trustProxy,
    // Created on first start when no admin exists yet (the password rules are checked then).
    ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email({ message: "must be an email address" }).optional()),
    ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().optional()),
    SMTP_URL: z.preprocess(emptyAsUndefined, smtpUrl.optional()),
    EMAIL_FROM: z.preprocess(emptyAsUndefined, emailFrom.default("Umbra <no-reply@umbra.local>")),
    // Bulk mail (a mailing's copies) a minute from each process: the mail provider's limit, or
    // below it (docs/mail.md). Other mail is never held back by it.
    MAIL_RATE_PER_MINUTE: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ message: "must be a number of messages a minute, 1 to 100000" })
        .int("must be a whole number of messages a minute")
        .min(1, "must be a number of messages a minute, 1 to 100000")
        .max(100_000, "must be a number of messages a minute, 1 to 100000")
        .default(600),
    ),
    // Both, or neither: mail is DKIM-signed with the key in DATA_DIR/dkim (npm run mail:dkim-key).
    DKIM_DOMAIN: z.preprocess(emptyAsUndefined, dnsName.optional()),
    DKIM_SELECTOR: z.preprocess(emptyAsUndefined, dkimSelector.optional()),
    // Where each visitor's enquiry is mailed (issue 21); unset, the contact address in
    // content/site.yaml (app/enquiries/studio-email.server.ts).
    STUDIO_EMAIL: z.preprocess(emptyAsUndefined, z.email({ message: "must be an email address" }).optional()),
    // The site's content files (works, exhibitions, pages, settings), read and checked at build,
    // with the real image originals beside their records (also read at start).
    CONTENT_DIR: z.preprocess(emptyAsUndefined, z.string().default("content")),
    // Uploaded originals go to this S3-compatible bucket instead of DATA_DIR/originals: several
    // machines must share them (decision 041). Path-style addressing, so MinIO and the like work.
    S3_URL: z.preprocess(emptyAsUndefined, s3Url.optional()),
    S3_BUCKET: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(
          /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
          "must be a bucket name: 3 to 63 lower-case letters, digits, dots or hyphens",
        )
        .optional(),
    ),
    S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
    S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
    S3_REGION: z.preprocess(emptyAsUndefined, z.string().default("us-east-1")),
    // Cap of DATA_DIR/originals-cache (copies of S3 originals for sharp): the least recently
    // used copies are removed over it, so the folder never grows to the whole bucket.
    ORIGINALS_CACHE_MAX_MB: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ message: "must be a number of megabytes, 1 or more" })
        .int("must be a whole number of megabytes")
        .min(1, "must be a number of megabytes, 1 or more")
        .default(2048),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.S3_URL) {
      for (const name of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: "is required when S3_URL is set" });
      }
    } else if (env.S3_BUCKET) {
      ctx.addIssue({
        code: "custom",
        path: ["S3_URL"],
        message: "is required when S3_BUCKET is set (the store's address)",
      });
    }
    if (Boolean(env.DKIM_DOMAIN) !== Boolean(env.DKIM_SELECTOR)) {
      const missing = env.DKIM_DOMAIN ? "DKIM_SELECTOR" : "DKIM_DOMAIN";
      const given = env.DKIM_DOMAIN ? "DKIM_DOMAIN" : "DKIM_SELECTOR";
      ctx.addIssue({ code: "custom", path: [missing], message: `is required when ${given} is set (DKIM needs both)` });
    }
    if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message: "is required in production when DATABASE_URL is set (all processes must share it)",
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

/** Thrown when the environment is invalid; its message names every bad variable. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses an environment (process.env by default); throws ConfigError naming each bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join(".") || "(env)"}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
}

let cached: Env | undefined;

/** The validated process environment, parsed once. */
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}
