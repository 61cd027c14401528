import { atMost, info, type Measurement } from "#bench/budgets.ts";
import { constantRate } from "./constant-rate.ts";
import { load } from "./load.ts";

/**
 * The public quote list at a fixed 500 requests/s for 20 s, evenly spaced (constant-rate.ts),
 * latency counted from when each request was due.
 */
export async function measurePublicApi(baseUrl: string): Promise<Measurement[]> {
  // Warm the route (database connection, JIT) before measuring.
  await load({ url: `${baseUrl}/api/quotes`, seconds: 2, connections: 10 });
  const result = await constantRate({ url: `${baseUrl}/api/quotes`, rate: 500, seconds: 20 });
  const errors = result.errors + result.non2xx;
  return [
    info("Public quotes API at 500 req/s: p50", result.p50, "ms", `${result.total} requests`),
    info("Public quotes API at 500 req/s: p90", result.p90, "ms"),
    atMost("Public quotes API at 500 req/s: p99", result.p99, 20, "ms", `${result.achievedRate} req/s achieved`),
    info("Public quotes API at 500 req/s: max", result.max, "ms"),
    atMost("Public quotes API at 500 req/s: errors", errors, 0),
  ];
}
