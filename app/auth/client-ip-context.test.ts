import { describe, expect, it } from "vitest";
import { rateLimitAddress } from "./client-ip-context.ts";

describe("rateLimitAddress", () => {
  it("keeps IPv4 and unwraps IPv4-mapped IPv6", () => {
    expect(rateLimitAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });
  it("counts every address of one IPv6 /64 as one client", () => {
    expect(rateLimitAddress("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(rateLimitAddress("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(rateLimitAddress("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(rateLimitAddress("::1")).toBe("0:0:0:0::/64");
  });
  it("names an unknown address", () => {
    expect(rateLimitAddress(undefined)).toBe("unknown");
  });
});
