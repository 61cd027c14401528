import type { NextFunction, Request, Response } from "express";

type Level = "info" | "warn" | "error";
type LevelLogger = Record<Level, (fields: object, message: string) => void>;

/**
 * Middleware: one log line per request, when it ends: method, full path (no query string, which
 * may carry tokens), status, duration. Its level follows the status: a 5xx is the server's fault
 * (error), a 4xx the client's (warn, so malformed requests are visible without paging anyone),
 * the rest info. originalUrl rather than path: under a mount such as "/img" Express strips the
 * prefix from req.path.
 */
export function requestLog(logger: LevelLogger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.on("close", () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const level: Level = res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info";
      logger[level](
        {
          method: req.method,
          path: req.originalUrl.split("?")[0],
          status: res.statusCode,
          durationMs: Math.round(durationMs * 10) / 10,
          finished: res.writableFinished,
        },
        "request",
      );
    });
    next();
  };
}
