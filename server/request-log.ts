import type { NextFunction, Request, Response } from "express";

type Level = "info" | "warn" | "error";
type LevelLogger = Record<Level, (fields: object, message: string) => void>;

/**
 * The one request log line: method, full path (no query string, which may carry tokens),
 * status, duration since `started` (process.hrtime.bigint()), and whether the answer was sent
 * whole. Its level follows the status: a 5xx is the server's fault (error), a 4xx the client's
 * (warn, so malformed requests are visible without paging anyone), the rest info.
 */
export function logRequest(
  logger: LevelLogger,
  request: { method: string | undefined; url: string | undefined; status: number; started: bigint; finished: boolean },
): void {
  const durationMs = Number(process.hrtime.bigint() - request.started) / 1e6;
  const level: Level = request.status >= 500 ? "error" : request.status >= 400 ? "warn" : "info";
  logger[level](
    {
      method: request.method,
      path: (request.url || "/").split("?")[0],
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
