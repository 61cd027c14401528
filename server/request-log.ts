import type { NextFunction, Request, Response } from "express";
import { redactSecretPath } from "#app/security/secret-paths.ts";

type Level = "info" | "warn" | "error";
type LevelLogger = Record<Level, (fields: object, message: string) => void>;

/**
 * The one request log line: method, full path (no query string, which may carry tokens, and a
 * room link's or reset link's token redacted: secret-paths.ts),
 * status, duration since `started` (process.hrtime.bigint()), and whether the answer was sent
 * whole. Its level follows the status: a 5xx is the server's fault (error), a 4xx the client's
 * (warn, so malformed requests are visible without paging anyone), the rest info. A 501 (a
 * method the site does not have), 503 (database away, image work busy) and 507 (disk full) are
 * warn: expected answers to a condition its own module already logs once, which would otherwise
 * write an error line per request for as long as it lasts.
 */
const EXPECTED_SERVER_ANSWERS = new Set([501, 503, 507]);
export function logRequest(
  logger: LevelLogger,
  request: { method: string | undefined; url: string | undefined; status: number; started: bigint; finished: boolean },
): void {
  const durationMs = Number(process.hrtime.bigint() - request.started) / 1e6;
  const level: Level =
    request.status >= 500 && !EXPECTED_SERVER_ANSWERS.has(request.status)
      ? "error"
      : request.status >= 400
        ? "warn"
        : "info";
  logger[level](
    {
      method: request.method,
      path: redactSecretPath((request.url || "/").split("?")[0] ?? "/"),
      status: request.status,
      durationMs: Math.round(durationMs * 10) / 10,
      finished: request.finished,
    },
    "request",
  );
}

/**
 * Middleware: logRequest for every request, when it ends. originalUrl rather than path: under
 * a mount such as "/img" Express strips the prefix from req.path.
 */
export function requestLog(logger: LevelLogger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.on("close", () => {
      logRequest(logger, {
        method: req.method,
        url: req.originalUrl,
        status: res.statusCode,
        started,
        finished: res.writableFinished,
      });
    });
    next();
  };
}
