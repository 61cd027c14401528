import autocannon from "autocannon";

/** Seconds per flat-out run: 10, or BENCH_LOAD_SECONDS for a quick check while developing. */
export const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS) || 10;

export interface LoadResult {
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
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}
