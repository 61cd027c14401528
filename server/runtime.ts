import type { Server } from "node:http";
import express from "express";
import { ConfigError, getEnv } from "~/config/env.server";
import { publicOrigin } from "~/config/public-origin.server";
import { closeDatabase, getDatabase } from "~/db/app-database.server";
import { getLogger } from "~/observability/logger.server";
import { getQuoteEventHub, stopQuoteEventHub } from "~/realtime/app-quote-events.server";
import { setSiteOrigin } from "~/seo/site-origin";
import { answerErrors } from "./error-answer";
import { requestLog } from "./request-log";

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
  // Pages rendered from now on name PUBLIC_URL's origin (the build's prerender never gets here).
  setSiteOrigin(publicOrigin);
  const database = await getDatabase().catch((error: Error) => fail(error.message, error));
  await getQuoteEventHub().catch((error: Error) => fail(`Live updates: ${error.message}`, error));
  logger.info({ database: database.kind }, "database ready");

  let stopping = false;

  const logRequests = requestLog(logger);

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
