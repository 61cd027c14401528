import type { Server } from "node:http";
import express from "express";
import { ConfigError } from "#app/config/env.server.ts";
import { proxySettingWarnings } from "#app/config/proxy-warnings.server.ts";
import { publicOrigin } from "#app/config/public-origin.server.ts";
import { setPrivateUmask } from "#app/db/private-data.server.ts";
import { getLogger } from "#app/observability/logger.server.ts";
import { setSiteOrigin } from "#app/seo/site-origin.ts";
import { processOriginalStore } from "#app/uploads/original-store.server.ts";
import { S3OriginalStore } from "#app/uploads/s3-original-store.server.ts";
import { answerErrors } from "./error-answer.ts";
import { readiness } from "./readiness.ts";
import { requestLog } from "./request-log.ts";
import { createServices, type Services, StartupError, stopBackgroundServices } from "./services.ts";

// In-flight requests get this long after SIGTERM; then every connection is closed, so the
// process is gone within 10 s of the signal (what systemd and container stops wait for).
const SHUTDOWN_GRACE_MS = 8_000;

/** Ends the process with a plain message a person can act on. */
function fail(message: string): never {
  console.error(`Umbra cannot start. ${message}`);
  process.exit(1);
}

/**
 * Everything the server process needs before it listens: the services (composition root,
 * services.ts) and the Express pieces built on them (request log, /healthz and /readyz, the
 * error handler, graceful shutdown). Exits with a message naming the problem when start-up
 * fails. Used by the server entry (main.ts).
 */
export async function startRuntime() {
  // Before anything is written under DATA_DIR: no other local user reads the studio's data.
  setPrivateUmask();
  let services: Services;
  try {
    services = await createServices();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    if (error instanceof StartupError) {
      // The configuration was valid, so the logger works: the failure is logged as JSON too.
      getLogger().fatal({ err: error.cause ?? error }, error.message);
      fail(error.message);
    }
    throw error;
  }
  const { logger, database } = services;
  // Pages rendered from now on name PUBLIC_URL's origin (the build's prerender never gets here).
  setSiteOrigin(publicOrigin);
  logger.info({ database: database.kind }, "database ready");
  // Proxy settings that start but cannot work as meant (decision 030).
  for (const warning of proxySettingWarnings(services.env)) logger.warn(warning);

  let stopping = false;

  const operations = express.Router();
  // Liveness: the process answers.
  operations.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  // Readiness: the database answers, DATA_DIR takes a write, and the process is not shutting down;
  // an S3 image store that does not answer is named there too.
  const originals = processOriginalStore();
  operations.get(
    "/readyz",
    readiness({
      database,
      dataDir: services.env.DATA_DIR,
      logger,
      stopping: () => stopping,
      imageStore: originals instanceof S3OriginalStore ? originals : undefined,
    }),
  );

  /**
   * Graceful shutdown on SIGTERM/SIGINT: stop accepting connections, end the event streams,
   * stop the mail sender (the message it holds is finished or queued again, within 5 s), let
   * in-flight requests finish (up to 8 s), close the database (PGlite flushes), exit.
   */
  function handleShutdown(server: Server) {
    const shutdown = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, "shutting down");
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const mailStopped = services.mailSender.stop();
      await stopBackgroundServices(services);
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      await closed;
      clearTimeout(timer);
      await mailStopped;
      await services.database.close();
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

  return {
    services,
    env: services.env,
    logger,
    logRequests: requestLog(logger),
    operations,
    handleErrors: answerErrors(logger),
    handleShutdown,
  };
}

export type Runtime = Awaited<ReturnType<typeof startRuntime>>;
