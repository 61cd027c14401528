import { describe, expect, it } from "vitest";
import { isPermanentRefusal, RETRY_POLICY, retryDelayMs } from "./retry-policy.ts";

describe("the mail retry policy", () => {
  it("keeps trying through a mail server outage of an hour, then stops at its bound", () => {
    const waits: number[] = [];
    for (let attempts = 1; ; attempts += 1) {
      // The shortest spread: the outage must be covered even when every wait comes out short.
      const wait = retryDelayMs(attempts, RETRY_POLICY, () => 0);
      if (wait === undefined) break;
      waits.push(wait);
    }
    expect(waits).toHaveLength(RETRY_POLICY.maxAttempts - 1);
    expect(waits.reduce((sum, wait) => sum + wait, 0)).toBeGreaterThan(90 * 60_000);
    expect(waits[0]).toBeLessThanOrEqual(30_000);
    expect(Math.max(...waits)).toBeLessThanOrEqual(RETRY_POLICY.maxDelayMs);
  });

  it("does not retry an SMTP 5xx refusal, but does retry a 4xx or a network error", () => {
    expect(isPermanentRefusal(Object.assign(new Error("550 no such user"), { responseCode: 550 }))).toBe(true);
    expect(isPermanentRefusal(Object.assign(new Error("421 try later"), { responseCode: 421 }))).toBe(false);
    expect(isPermanentRefusal(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }))).toBe(false);
  });
});
