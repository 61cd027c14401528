import type { NextFunction, Request, Response } from "express";

type InfoLogger = { info: (fields: object, message: string) => void };

/**
 * Middleware: one log line per request, when it ends: method, full path (no query string, which
 * may carry tokens), status, duration. originalUrl rather than path: under a mount such as
 * "/img" Express strips the prefix from req.path.
 */
export function requestLog(logger: InfoLogger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.on("close", () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
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
