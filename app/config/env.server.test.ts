import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./env.server.ts";

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

describe("configuration of mail, files and the first admin", () => {
  it("gives every optional variable its documented default, also when set to an empty string", () => {
    const defaults = {
      PORT: 3000,
      HOST: "0.0.0.0",
      DATA_DIR: "./data",
      EMAIL_FROM: "Umbra <no-reply@umbra.local>",
      CONTENT_DIR: "content",
    };
    expect(parseEnv({})).toMatchObject(defaults);
    const blank = parseEnv(
      Object.fromEntries([...Object.keys(defaults), "SMTP_URL", "ADMIN_EMAIL"].map((key) => [key, ""])),
    );
    expect(blank).toMatchObject(defaults);
    expect([blank.SMTP_URL, blank.ADMIN_EMAIL]).toEqual([undefined, undefined]);
  });

  it("accepts smtp:// and smtps:// URLs and refuses anything else, naming SMTP_URL", () => {
    expect(parseEnv({ SMTP_URL: "smtp://user:pass@mail.example:587" }).SMTP_URL).toBe(
      "smtp://user:pass@mail.example:587",
    );
    expect(parseEnv({ SMTP_URL: "smtps://mail.example" }).SMTP_URL).toBe("smtps://mail.example");
    expect(() => parseEnv({ SMTP_URL: "mail.example" })).toThrow(/SMTP_URL: must be a URL/);
    expect(() => parseEnv({ SMTP_URL: "https://mail.example" })).toThrow(/SMTP_URL: must start with smtp:\/\//);
  });

  it("takes EMAIL_FROM as an address or Name <address>, and refuses one with no address", () => {
    expect(parseEnv({ EMAIL_FROM: "studio@umbra.example" }).EMAIL_FROM).toBe("studio@umbra.example");
    expect(parseEnv({ EMAIL_FROM: "Umbra Studio <studio@umbra.example>" }).EMAIL_FROM).toBe(
      "Umbra Studio <studio@umbra.example>",
    );
    expect(() => parseEnv({ EMAIL_FROM: "Umbra Studio" })).toThrow(/EMAIL_FROM: must be an address/);
  });

  it("refuses a PORT that is not a port and an ADMIN_EMAIL that is not an address", () => {
    expect(parseEnv({ PORT: "8080" }).PORT).toBe(8080);
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT: must be a port number/);
    expect(() => parseEnv({ PORT: "70000" })).toThrow(/PORT: must be a port number/);
    expect(() => parseEnv({ ADMIN_EMAIL: "admin" })).toThrow(/ADMIN_EMAIL: must be an email address/);
  });

  it("names every bad variable at once", () => {
    expect(() => parseEnv({ SMTP_URL: "nope", PORT: "x", LOG_LEVEL: "loud" })).toThrow(
      /PORT: .*\n.*LOG_LEVEL: .*\n.*SMTP_URL: /s,
    );
  });

  it("takes an S3 store only whole: endpoint, bucket and keys, and refuses an endpoint with a path", () => {
    const whole = {
      S3_URL: "http://127.0.0.1:9000",
      S3_BUCKET: "umbra",
      S3_ACCESS_KEY_ID: "a",
      S3_SECRET_ACCESS_KEY: "b",
    };
    expect(parseEnv(whole)).toMatchObject({ S3_BUCKET: "umbra", S3_REGION: "us-east-1" });
    expect(() => parseEnv({ ...whole, S3_SECRET_ACCESS_KEY: "" })).toThrow(
      /S3_SECRET_ACCESS_KEY: is required when S3_URL is set/,
    );
    expect(() => parseEnv({ ...whole, S3_URL: "http://127.0.0.1:9000/umbra" })).toThrow(
      /S3_URL: must be the endpoint alone/,
    );
    expect(() => parseEnv({ S3_BUCKET: "umbra" })).toThrow(/S3_URL: is required when S3_BUCKET is set/);
    expect(() => parseEnv({ ...whole, S3_BUCKET: "Umbra Originals" })).toThrow(/S3_BUCKET: must be a bucket name/);
  });
});

describe("configuration of bulk mail and DKIM", () => {
  it("paces bulk mail at 600 a minute unless told, and refuses a rate that is not a whole positive number", () => {
    expect(parseEnv({}).MAIL_RATE_PER_MINUTE).toBe(600);
    expect(parseEnv({ MAIL_RATE_PER_MINUTE: "" }).MAIL_RATE_PER_MINUTE).toBe(600);
    expect(parseEnv({ MAIL_RATE_PER_MINUTE: "120" }).MAIL_RATE_PER_MINUTE).toBe(120);
    expect(() => parseEnv({ MAIL_RATE_PER_MINUTE: "0" })).toThrow(
      /MAIL_RATE_PER_MINUTE: must be a number of messages a minute/,
    );
    expect(() => parseEnv({ MAIL_RATE_PER_MINUTE: "fast" })).toThrow(/MAIL_RATE_PER_MINUTE: must be a number/);
    expect(() => parseEnv({ MAIL_RATE_PER_MINUTE: "2.5" })).toThrow(/MAIL_RATE_PER_MINUTE: must be a whole number/);
  });

  it("signs with neither or both of DKIM_DOMAIN and DKIM_SELECTOR, named in lower case", () => {
    expect(parseEnv({}).DKIM_DOMAIN).toBeUndefined();
    const env = parseEnv({ DKIM_DOMAIN: "Umbra.Example", DKIM_SELECTOR: "Umbra2026" });
    expect([env.DKIM_DOMAIN, env.DKIM_SELECTOR]).toEqual(["umbra.example", "umbra2026"]);
    expect(() => parseEnv({ DKIM_DOMAIN: "umbra.example" })).toThrow(
      /DKIM_SELECTOR: is required when DKIM_DOMAIN is set/,
    );
    expect(() => parseEnv({ DKIM_SELECTOR: "umbra2026" })).toThrow(
      /DKIM_DOMAIN: is required when DKIM_SELECTOR is set/,
    );
  });

  it("refuses a DKIM domain or selector that is not a DNS name, saying what one looks like", () => {
    for (const domain of ["umbra", "umbra_example.com", "https://umbra.example", "umbra.example."]) {
      expect(() => parseEnv({ DKIM_DOMAIN: domain, DKIM_SELECTOR: "s1" })).toThrow(
        /DKIM_DOMAIN: must be a domain name like umbra.example/,
      );
    }
    for (const selector of ["s 1", "s1._domainkey", "-s1", "s1;k=rsa"]) {
      expect(() => parseEnv({ DKIM_DOMAIN: "umbra.example", DKIM_SELECTOR: selector })).toThrow(
        /DKIM_SELECTOR: must be a DNS label/,
      );
    }
  });
});
