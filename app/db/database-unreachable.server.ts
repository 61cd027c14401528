import { someCause } from "#app/observability/error-causes.ts";
import { NETWORK_ERROR_CODES } from "#app/observability/network-error-codes.ts";

/**
 * The one place that decides whether an error means "the database cannot be reached" (it is
 * down, restarting, refusing connections, or the network to it is cut or silent), as opposed to
 * a bad query or bad data. Such a failure is the server's circumstance, not the client's
 * mistake and not a bug: callers answer 503 with Retry-After (app/http/outage-answers.server.ts)
 * and recover by themselves once it answers again.
 */

/** Thrown where code notices the outage itself (rather than passing on the driver's error). */
export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}

// SQLSTATEs the server sends when it is going away or cannot take the connection: class 08
// (connection exception) is matched by prefix.
const SERVER_GOING_AWAY = new Set([
  "57P01", // admin_shutdown: the server is stopping
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or in recovery
  "53300", // too_many_connections
]);

// node-postgres and PGlite report these as plain Errors without a code.
const DRIVER_MESSAGES = [
  /^Connection terminated/, // "... unexpectedly", "... due to connection timeout"
  /^timeout exceeded when trying to connect/, // pg-pool's connectionTimeoutMillis
  /^Query read timeout/, // pg's query_timeout
  /is not queryable/, // a client whose connection already failed or was closed
  /^Cannot use a pool after calling end/,
  /^PGlite is closed/,
];

/** Whether `error`, or any error it wraps (drizzle and better-auth wrap the driver's), is an outage. */
export function isDatabaseUnreachable(error: unknown): boolean {
  return outageReason(error) !== undefined;
}

/**
 * The driver's own words for the outage ("connect ECONNREFUSED 10.0.0.5:5432"), for a log line:
 * never the wrapping error's, which quotes the query and its parameters (a session token).
 */
export function outageReason(error: unknown): string | undefined {
  let reason: string | undefined;
  someCause(error, (candidate) => {
    if (!isOutageError(candidate)) return false;
    reason = String((candidate as { message?: unknown }).message ?? "database unavailable");
    return true;
  });
  return reason;
}

function isOutageError(candidate: object): boolean {
  if (candidate instanceof DatabaseUnavailableError) return true;
  const { code, message } = candidate as { code?: unknown; message?: unknown };
  if (typeof code === "string") {
    if (NETWORK_ERROR_CODES.has(code) || SERVER_GOING_AWAY.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return typeof message === "string" && DRIVER_MESSAGES.some((pattern) => pattern.test(message));
}
