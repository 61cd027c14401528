import { afterEach, describe, expect, it, vi } from "vitest";
import { setFixedSecurityHeaders } from "./security-headers.ts";

/** The headers setFixedSecurityHeaders sets, collected by name (lower case). */
function headersFor(production: boolean): Map<string, string> {
  const headers = new Map<string, string>();
  const res = { setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value) };
  setFixedSecurityHeaders(res as never, { production });
  return headers;
}

afterEach(() => vi.unstubAllEnvs());

describe("setFixedSecurityHeaders", () => {
  it("isolates the site's windows and files and denies powerful features", () => {
    const headers = headersFor(true);
    expect(headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(headers.get("cross-origin-resource-policy")).toBe("same-origin");
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb", "interest-cohort"]) {
      expect(headers.get("permissions-policy")).toContain(`${feature}=()`);
    }
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("x-frame-options")).toBe("DENY");
  });

  it("sends HSTS only when PUBLIC_URL declares https, in production", () => {
    vi.stubEnv("PUBLIC_URL", "https://umbra.example");
    expect(headersFor(true).get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    expect(headersFor(false).has("strict-transport-security")).toBe(false);
    vi.stubEnv("PUBLIC_URL", "http://127.0.0.1:4173");
    expect(headersFor(true).has("strict-transport-security")).toBe(false);
    vi.stubEnv("PUBLIC_URL", "");
    expect(headersFor(true).has("strict-transport-security")).toBe(false);
  });
});
