import { atMost, info, type Measurement, round } from "../budgets";
import { load } from "./load";

/** The public quote list at a fixed 500 requests/s for 20 s. */
export async function measurePublicApi(baseUrl: string): Promise<Measurement[]> {
  // Warm the route (database connection, JIT) before measuring.
  await load({ url: `${baseUrl}/api/quotes`, seconds: 2, connections: 10 });
  const result = await load({ url: `${baseUrl}/api/quotes`, seconds: 20, connections: 25, rate: 500 });
  const errors = result.errors + result.non2xx;
  return [
    info("Public quotes API at 500 req/s: p50", result.p50, "ms", `${result.total} requests`),
    atMost(
      "Public quotes API at 500 req/s: p99",
      result.p99,
      20,
      "ms",
      `${round(result.requestsPerSecond)} req/s achieved`,
    ),
    atMost("Public quotes API at 500 req/s: errors", errors, 0),
  ];
}
