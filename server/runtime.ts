import type { Server } from "node:http";
import express, { type NextFunction, type Request, type Response } from "express";
import { ConfigError, getEnv } from "~/config/env.server";
import { closeDatabase, getDatabase } from "~/db/app-database.server";
import { getLogger } from "~/observability/logger.server";
import { getQuoteEventHub, stopQuoteEventHub } from "~/realtime/app-quote-events.server";
import { answerErrors } from "./error-answer";

const SHUTDOWN_GRACE_MS = 10_000;

/** Ends the process with a plain message a person can act on (and a JSON log line). */
function fail(message: string, error?: unknown): never {
  try {
    getLogger().fatal({ err: error }, message);
  } catch {
    // The logger needs a valid environment; the line below still says what is wrong.
  }
  console.error(`Umbra cannot start. ${message}`);
  process.exit(1);
}

/**
 * Everything the server process needs before it listens: validated configuration, the logger,
 * the database (migrated and seeded) and the live-update hub. Exits with a message naming the
 * problem when any of it fails. Used by server.js.
 */
export async function startRuntime() {
  let env: ReturnType<typeof getEnv>;
  try {
    env = getEnv();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const logger = getLogger();
  const database = await getDatabase().catch((error: Error) => fail(error.message, error));
  await getQuoteEventHub().catch((error: Error) => fail(`Live updates: ${error.message}`, error));
  logger.info({ database: database.kind }, "database ready");

  let stopping = false;

  /**
   * One log line per request, when it ends: method, path (no query string), status, duration.
   * Its level follows the status: a 5xx is the server's fault (error), a 4xx the client's (warn,
   * so malformed requests are visible without paging anyone), the rest info.
   */
  function logRequests(req: Request, res: Response, next: NextFunction) {
    const started = process.hrtime.bigint();
    res.on("close", () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const level = res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info";
      logger[level](
        {
          method: req.method,
          // originalUrl: a router mounted at /img or /assets has cut its prefix off req.path by now.
          path: req.originalUrl.split("?")[0],
          status: res.statusCode,
          durationMs: Math.round(durationMs * 10) / 10,
          finished: res.writableFinished,
        },
        "request",
      );
    });
    next();
  }

  const operations = express.Router();
  // Liveness: the process answers.
  operations.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  // Readiness: the database answers (and the process is not shutting down).
  operations.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    if (stopping) return void res.status(503).json({ status: "stopping" });
    try {
      await Promise.race([
        database.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error("database did not answer in 2 s")), 2_000)),
      ]);
      res.json({ status: "ready", database: database.kind });
    } catch (error) {
      res.status(503).json({ status: "unavailable", message: (error as Error).message });
    }
  });

  /**
   * Graceful shutdown on SIGTERM/SIGINT: stop accepting connections, end the event streams,
   * let in-flight requests finish (up to 10 s), close the database (PGlite flushes), exit.
   */
  function handleShutdown(server: Server) {
    const shutdown = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, "shutting down");
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await stopQuoteEventHub();
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      await closed;
      clearTimeout(timer);
      await closeDatabase();
      logger.info("stopped");
      process.exit(0);
    };
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      process.on(signal, () => {
        shutdown(signal).catch((error) => {
          logger.error({ err: error }, "shutdown failed");
          process.exit(1);
        });
      });
    }
  }

  return { env, logger, logRequests, operations, handleErrors: answerErrors(logger), handleShutdown };
}
