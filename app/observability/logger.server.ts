import pino from "pino";
import { getEnv } from "~/config/env.server";

const store = globalThis as typeof globalThis & { __umbraLogger?: pino.Logger };

/**
 * The process's JSON logger (one object per line on stdout). Anything that could carry a
 * secret (auth headers, cookies, passwords, tokens) is redacted wherever it appears.
 */
export function getLogger(): pino.Logger {
  store.__umbraLogger ??= pino({
    level: getEnv().LOG_LEVEL,
    base: { pid: process.pid },
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
