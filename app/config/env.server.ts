import { z } from "zod";

const postgresUrl = z
  .url({ message: "must be a URL like postgres://user:password@host:5432/database" })
  .refine((value) => /^postgres(ql)?:\/\//.test(value), {
    message: "must start with postgres:// or postgresql://",
  });

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    // Where the embedded database (and other local state) lives when DATABASE_URL is not set.
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z.preprocess(emptyAsUndefined, postgresUrl.optional()),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    // A bearer token for scripts and tests calling the admin API. Unset: no token is accepted.
    ADMIN_API_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(24, "must be at least 24 characters").optional()),
    // Signs sessions. Several processes on one PostgreSQL must share it, so production with
    // DATABASE_URL requires it; a single embedded-database process may keep one under DATA_DIR.
    AUTH_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, "must be at least 32 characters").optional()),
  })
  .superRefine((env, ctx) => {
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
