import { describe, expect, it } from "vitest";
import { certainlyNotDelivered, isPermanentRefusal, RETRY_POLICY, retryDelayMs } from "./retry-policy.ts";

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

describe("certainlyNotDelivered (whether an at-most-once message may be tried again)", () => {
  it("is sure when the server refused, the connection was never made or never greeted, or a header was refused", () => {
    expect(certainlyNotDelivered({ responseCode: 451, message: "try later" })).toBe(true);
    expect(
      certainlyNotDelivered({ code: "ESOCKET", originalCode: "ECONNREFUSED", message: "connect ECONNREFUSED" }),
    ).toBe(true);
    expect(certainlyNotDelivered({ code: "ETIMEDOUT", message: "Greeting never received" })).toBe(true);
    expect(certainlyNotDelivered({ name: "MailHeaderError", message: "The header Bcc may not be added" })).toBe(true);
  });

  it("is not sure when the connection was lost or went silent after the greeting (the 250 may be what was lost)", () => {
    expect(certainlyNotDelivered({ code: "ECONNECTION", message: "Connection closed unexpectedly" })).toBe(false);
    expect(certainlyNotDelivered({ code: "ETIMEDOUT", message: "Timeout" })).toBe(false);
    expect(certainlyNotDelivered(new Error("something else"))).toBe(false);
    expect(certainlyNotDelivered(null)).toBe(false);
  });
});
