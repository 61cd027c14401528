import autocannon from "autocannon";
import { MAX_REQUESTS_PER_CONNECTION } from "#server/site-server.ts";

/** Seconds per flat-out run: 10, or BENCH_LOAD_SECONDS for a quick check while developing. */
export const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS) || 10;

export interface LoadResult {
  /** Answers with a 2xx status a second: what a visitor got. */
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
}

/**
 * One autocannon run, flat out: throughput. For latency at a fixed rate use constant-rate.ts
 * (autocannon's own rate limit sends each second's requests in a burst).
 *
 * The server closes a connection after MAX_REQUESTS_PER_CONNECTION answers (`Connection: close`
 * on the last) and answers 503 to anything sent on it after that. Browsers and nginx open a new
 * connection; autocannon does not unless told, so it is told (`reconnectRate`), and only 2xx
 * answers count as throughput.
 */
export async function load(options: {
  url: string;
  seconds: number;
  connections: number;
  headers?: Record<string, string>;
}): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    duration: options.seconds,
    connections: options.connections,
    headers: options.headers,
    reconnectRate: MAX_REQUESTS_PER_CONNECTION,
  });
  return {
    requestsPerSecond: result["2xx"] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}
