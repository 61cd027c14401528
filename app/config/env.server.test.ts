import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./env.server";

describe("configuration", () => {
  it("keeps only PUBLIC_URL's origin and refuses what is not an http(s) origin", () => {
    expect(parseEnv({ PUBLIC_URL: "https://umbra.example" }).PUBLIC_URL).toBe("https://umbra.example");
    expect(parseEnv({ PUBLIC_URL: "https://umbra.example/" }).PUBLIC_URL).toBe("https://umbra.example");
    expect(parseEnv({ PUBLIC_URL: "" }).PUBLIC_URL).toBeUndefined();
    expect(() => parseEnv({ PUBLIC_URL: "notaurl" })).toThrow(/PUBLIC_URL: must be a URL/);
    expect(() => parseEnv({ PUBLIC_URL: "ftp://umbra.example" })).toThrow(/PUBLIC_URL: must start with https/);
    expect(() => parseEnv({ PUBLIC_URL: "https://umbra.example/site" })).toThrow(/PUBLIC_URL: must be an origin/);
  });

  it("trusts no proxy by default, and a hop count or proxy addresses when told", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "127.0.0.1, 10.0.0.0/8,::1,loopback" }).TRUST_PROXY).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "::1",
      "loopback",
    ]);
  });

  it("refuses to trust every proxy or a value that is not an address, naming the variable", () => {
    expect(() => parseEnv({ TRUST_PROXY: "true" })).toThrow(ConfigError);
    expect(() => parseEnv({ TRUST_PROXY: "nginx.internal" })).toThrow(/TRUST_PROXY: .*not an address: nginx.internal/);
  });
});
