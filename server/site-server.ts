import fs from "node:fs";
import http from "node:http";
import { answerInTurn } from "./answer-in-turn.ts";
import { closeUnreadBodies } from "./close-unread-bodies.ts";
import { capConnections } from "./connection-cap.ts";
import { closeSilentConnections } from "./silent-connections.ts";

// Decision 025 gives the reasons for each figure.
/** A connection that has not sent a whole request head in this time is answered 408 and closed. */
export const HEADERS_TIMEOUT_MS = 10_000;
/** A connection that sends nothing at all is closed after this, like one that sends part of a head. */
export const SILENT_CONNECTION_TIMEOUT_MS = 10_000;
/** A whole request (head and body) must arrive within this (bodies here are at most 64 KB), so a
 * trickled body is closed within 20 s even with the 1 s check below and a busy machine. */
export const REQUEST_TIMEOUT_MS = 12_000;
/** How often Node checks the two timeouts above (its default, 30 s, let idle sockets live ~83 s). */
export const TIMEOUT_CHECK_INTERVAL_MS = 1_000;
/** An idle keep-alive connection is closed after this. */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/** A connection on which nothing moves either way (an answer nobody reads) is closed after this. */
export const INACTIVE_SOCKET_TIMEOUT_MS = 120_000;
/** Requests one connection may make; later ones get Node's 503 and the connection closes. */
export const MAX_REQUESTS_PER_CONNECTION = 100;
/** Descriptors kept for files, the database, image work and logs, whatever the connections do. */
const RESERVED_DESCRIPTORS = 1_024;
/**
 * Connections held at most, whatever the limit (Node raises its open-file limit to the hard
 * one, often 524,288): ample behind nginx, and their memory stays in tens of MB.
 */
export const MAX_CONNECTIONS = 16_000;

/** The process's open-file limit (soft), from /proc/self/limits; undefined where there is none. */
export function descriptorLimit(limitsFile = "/proc/self/limits"): number | undefined {
  try {
    const line = fs
      .readFileSync(limitsFile, "utf8")
      .split("\n")
      .find((l) => l.startsWith("Max open files"));
    const soft = Number(line?.split(/\s{2,}/)[1]);
    return Number.isInteger(soft) && soft > 0 ? soft : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How many connections the process takes at once: below the descriptor limit by a reserve (a
 * fifth of it, at least 1,024 where the limit allows), so a file, the PDF or an image can
 * always be opened and a flood of connections never turns into EMFILE (a 500) for a visitor.
 */
export function maxConnectionsFor(limit: number | undefined): number {
  if (limit === undefined) return 4_096;
  // A fifth of the limit, and at least 1,024 (half of a small limit).
  const reserve = Math.max(Math.ceil(limit / 5), Math.min(RESERVED_DESCRIPTORS, Math.floor(limit / 2)));
  return Math.min(MAX_CONNECTIONS, Math.max(16, limit - reserve));
}

interface WarnLogger {
  warn(fields: object, message: string): void;
}

/**
 * The node:http server every request of the site goes through (main.ts), with the work each
 * connection can cause bounded: timeouts for slow or silent clients (one that sends nothing
 * included), pipelined requests answered a few at a time and not read while their answers are
 * unsent, a cap on requests per connection and on connections per process (at the cap the
 * longest silent connection makes room, or a new one is refused at once; logged at most once a
 * minute).
 */
export function createSiteServer(
  handler: http.RequestListener,
  {
    logger,
    limit = descriptorLimit(),
    silentConnectionTimeoutMs = SILENT_CONNECTION_TIMEOUT_MS,
  }: { logger?: WarnLogger; limit?: number; silentConnectionTimeoutMs?: number } = {},
): http.Server {
  const server = http.createServer(
    {
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    },
    closeUnreadBodies(answerInTurn(handler)),
  );
  server.maxRequestsPerSocket = MAX_REQUESTS_PER_CONNECTION;
  server.timeout = INACTIVE_SOCKET_TIMEOUT_MS;
  let lastWarning = 0;
  let closed = 0;
  const warn = () => {
    closed++;
    if (Date.now() - lastWarning < 60_000) return;
    lastWarning = Date.now();
    logger?.warn(
      { maxConnections: maxConnectionsFor(limit), closedSinceLastWarning: closed },
      "connections at the maximum: closing silent ones, refusing new ones when none is silent",
    );
    closed = 0;
  };
  capConnections(server, maxConnectionsFor(limit), warn);
  closeSilentConnections(server, silentConnectionTimeoutMs);
  server.on("drop", warn);
  return server;
}
