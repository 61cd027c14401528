import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "#app/config/env.server.ts";
import { defaultMessage } from "./enquiry-fields.ts";
import { enquiryInputSchema } from "./enquiry-input.server.ts";
import { issueFormToken, TOKEN_MAX_AGE_MS, TOKEN_MIN_AGE_MS, tokenProblem } from "./form-token.server.ts";

const key = crypto.randomBytes(32);
const other = crypto.randomBytes(32);

describe("the enquiry form token", () => {
  const now = 1_800_000_000_000;
  it("is accepted between 3 s and 12 h old, signed with this site's key", () => {
    expect(tokenProblem(issueFormToken(now - TOKEN_MIN_AGE_MS, key), now, key)).toBeNull();
    expect(tokenProblem(issueFormToken(now - TOKEN_MAX_AGE_MS, key), now, key)).toBeNull();
  });
  it("refuses too fast, expired, another key's, altered and malformed tokens", () => {
    expect(tokenProblem(issueFormToken(now - 2_999, key), now, key)).toBe("too-fast");
    expect(tokenProblem(issueFormToken(now - TOKEN_MAX_AGE_MS - 1, key), now, key)).toBe("expired");
    expect(tokenProblem(issueFormToken(now - 10_000, other), now, key)).toBe("forged");
    const [version, , nonce, signature] = issueFormToken(now - 10_000, key).split(".");
    // An older time stamp with the same signature does not pass.
    expect(tokenProblem(`${version}.${now - 20_000}.${nonce}.${signature}`, now, key)).toBe("forged");
    expect(tokenProblem("", now, key)).toBe("missing");
    expect(tokenProblem("a.b.c", now, key)).toBe("forged");
    expect(tokenProblem("x".repeat(500), now, key)).toBe("forged");
  });
});

describe("STUDIO_EMAIL", () => {
  it("is optional, and must be an email address when set", () => {
    expect(parseEnv({}).STUDIO_EMAIL).toBeUndefined();
    expect(parseEnv({ STUDIO_EMAIL: "" }).STUDIO_EMAIL).toBeUndefined();
    expect(parseEnv({ STUDIO_EMAIL: "studio@umbra.example" }).STUDIO_EMAIL).toBe("studio@umbra.example");
    expect(() => parseEnv({ STUDIO_EMAIL: "studio" })).toThrow(ConfigError);
    expect(() => parseEnv({ STUDIO_EMAIL: "studio" })).toThrow(/STUDIO_EMAIL: must be an email address/);
  });
});

describe("the enquiry fields", () => {
  const valid = {
    subject: "prints",
    interests: [],
    name: "Ada",
    email: "ada@example.org",
    message: "Hello",
    location: "",
    phone: "",
    source: "/prices",
  };
  it("start the message with a sentence about the subject", () => {
    expect(defaultMessage({ subject: "work", subjectTitle: "Moss Oracle", sold: true })).toMatch(
      /Moss Oracle.*collection/,
    );
    expect(defaultMessage({ subject: "commission", subjectTitle: "Custom commission" })).toMatch(/commissioning/);
  });
  it("keep a site path as the source, never another host", () => {
    expect(enquiryInputSchema.parse(valid).source).toBe("/prices");
    expect(enquiryInputSchema.parse({ ...valid, source: "//evil.example/x" }).source).toBe("/enquire");
    expect(enquiryInputSchema.parse({ ...valid, source: "/\\evil.example" }).source).toBe("/enquire");
    expect(enquiryInputSchema.parse({ ...valid, source: "https://evil.example" }).source).toBe("/enquire");
  });
  it("turn empty optional fields into nothing", () => {
    const parsed = enquiryInputSchema.parse(valid);
    expect(parsed.location).toBeUndefined();
    expect(parsed.phone).toBeUndefined();
  });
});
