import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server.ts";
import { proxySettingWarnings } from "./proxy-warnings.server.ts";

const warningsFor = (source: Record<string, string>) => proxySettingWarnings(parseEnv(source));

describe("proxy settings that cannot work as meant", () => {
  it("warns about an https PUBLIC_URL with no trusted proxy, naming TRUST_PROXY and the address to give", () => {
    const [warning, ...rest] = warningsFor({ PUBLIC_URL: "https://umbra.example", HOST: "127.0.0.1" });
    expect(rest).toEqual([]);
    expect(warning).toMatch(/PUBLIC_URL is https:\/\/umbra\.example but TRUST_PROXY is unset/);
    expect(warning).toContain("TRUST_PROXY=127.0.0.1");
    expect(warning).not.toContain("\n");
  });

  it("warns about a hop count when other machines can reach the port", () => {
    for (const HOST of ["0.0.0.0", "::", "192.0.2.10"]) {
      const warnings = warningsFor({ TRUST_PROXY: "1", HOST });
      expect(warnings, HOST).toHaveLength(1);
      expect(warnings[0]).toContain(`TRUST_PROXY=1 is a hop count and HOST=${HOST}`);
      expect(warnings[0]).toContain("X-Forwarded-For");
    }
    // HOST defaults to 0.0.0.0: the README's old example, TRUST_PROXY=1 alone, is warned about.
    expect(warningsFor({ TRUST_PROXY: "1" })).toHaveLength(1);
  });

  it("says nothing about the settings the README gives, a laptop's, or a hop count on loopback", () => {
    const deployed = { PUBLIC_URL: "https://umbra.example", TRUST_PROXY: "127.0.0.1", HOST: "127.0.0.1" };
    expect(warningsFor(deployed)).toEqual([]);
    expect(warningsFor({ ...deployed, HOST: "0.0.0.0" })).toEqual([]);
    expect(warningsFor({})).toEqual([]);
    expect(warningsFor({ PUBLIC_URL: "http://127.0.0.1:4173" })).toEqual([]);
    for (const HOST of ["127.0.0.1", "::1", "localhost"]) {
      expect(warningsFor({ TRUST_PROXY: "1", HOST, PUBLIC_URL: "https://umbra.example" }), HOST).toEqual([]);
    }
  });
});
