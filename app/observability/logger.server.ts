import { createRequire } from "node:module";
import pino from "pino";
import { getEnv } from "#app/config/env.server.ts";

const store = globalThis as typeof globalThis & { __umbraLogger?: pino.Logger };

/**
 * Readable coloured lines in development, through pino-pretty (a dev dependency: when it is not
 * installed, as after `npm ci --omit=dev`, the lines stay JSON).
 */
function developmentTransport(): pino.TransportSingleOptions | undefined {
  try {
    createRequire(import.meta.url).resolve("pino-pretty");
  } catch {
    return undefined;
  }
  return {
    target: "pino-pretty",
    options: { translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname", singleLine: true },
  };
}

/**
 * The process's logger: one JSON object per line on stdout in production and tests, readable
 * lines in development. Anything that could carry a secret (auth headers, cookies, passwords,
 * tokens) is redacted wherever it appears.
 */
export function getLogger(): pino.Logger {
  const env = getEnv();
  store.__umbraLogger ??= pino({
    level: env.LOG_LEVEL,
    base: { pid: process.pid },
    transport: env.NODE_ENV === "development" ? developmentTransport() : undefined,
    redact: {
      paths: [
        "*.authorization",
        "*.cookie",
        "*.password",
        "*.token",
        "*.secret",
        "*.headers.authorization",
        "*.headers.cookie",
        "databaseUrl",
      ],
      censor: "[redacted]",
    },
  });
  return store.__umbraLogger;
}
