import http from "node:http";
import { performance } from "node:perf_hooks";

export interface ConstantRateResult {
  /** Requests sent. */
  total: number;
  achievedRate: number;
  /** Latency from each request's scheduled start to the end of its response, in ms. */
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  /** Every request's latency, ascending (to pool several runs). */
  sorted: number[];
}

/**
 * An open-loop load generator in the manner of wrk2: request i is due at start + i / rate,
 * evenly spaced, whether or not earlier requests have been answered, over a pool of keep-alive
 * connections. Latency is measured from when the request was due, not from when it went out,
 * so a stall anywhere (server or generator) counts against the figure instead of hiding it
 * (coordinated omission).
 *
 * autocannon's `overallRate` is not this: each connection sends its whole share for the second
 * back to back at the start of the second, so "500 req/s" arrives as a 500-request burst every
 * second, and its latency histogram then adds synthetic samples on top.
 */
export async function constantRate(options: {
  url: string;
  rate: number;
  seconds: number;
  headers?: Record<string, string>;
  maxConnections?: number;
  /** Paths on the url's origin requested in turn instead of the url's own (several pages, one load). */
  paths?: string[];
}): Promise<ConstantRateResult> {
  const url = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxConnections ?? 64 });
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const latencies = new Float64Array(total);
  let errors = 0;
  let non2xx = 0;
  let sent = 0;
  let finished = 0;

  const start = performance.now() + 20;
  await new Promise<void>((resolve) => {
    const send = (index: number) => {
      const due = start + index * interval;
      const path = options.paths?.[index % options.paths.length] ?? url.pathname + url.search;
      const request = http.get(
        { agent, host: url.hostname, port: url.port, path, headers: options.headers },
        (response) => {
          if (response.statusCode === undefined || response.statusCode < 200 || response.statusCode >= 300) non2xx++;
          response.resume();
          response.on("end", () => done(index, due));
        },
      );
      request.on("error", () => {
        errors++;
        done(index, due);
      });
    };
    const done = (index: number, due: number) => {
      latencies[index] = performance.now() - due;
      if (++finished === total) resolve();
    };
    // Wake at the next due time (timers are good to about 1 ms) and send everything due by then.
    // No busy loop: the generator shares the machine's two cores with the server.
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) send(sent++);
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
    };
    tick();
  });
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();

  const sorted = Array.from(latencies).sort((a, b) => a - b);
  const at = (q: number) => quantile(sorted, q);
  return {
    total,
    achievedRate: round(total / elapsed),
    p50: at(0.5),
    p90: at(0.9),
    p95: at(0.95),
    p99: at(0.99),
    max: round(sorted[sorted.length - 1] ?? Number.NaN),
    errors,
    non2xx,
    sorted,
  };
}

/** The q-quantile of ascending latencies, in ms to two decimals. */
export function quantile(sorted: number[], q: number): number {
  return round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN);
}

function round(value: number) {
  return Math.round(value * 100) / 100;
}
