import { describe, expect, it } from "vitest";
import { isSameOriginRequest } from "./origin-check.server";

const post = (headers: Record<string, string>) =>
  new Request("http://127.0.0.1:3400/admin/quotes", { method: "POST", headers });

describe("isSameOriginRequest", () => {
  it("lets reads through", () => {
    expect(isSameOriginRequest(new Request("http://127.0.0.1:3400/admin/quotes"))).toBe(true);
  });
  it("accepts a mutation from the same origin", () => {
    expect(isSameOriginRequest(post({ origin: "http://127.0.0.1:3400" }))).toBe(true);
  });
  it("refuses another origin, a null origin and a missing one", () => {
    expect(isSameOriginRequest(post({ origin: "https://evil.example" }))).toBe(false);
    expect(isSameOriginRequest(post({ origin: "null" }))).toBe(false);
    expect(isSameOriginRequest(post({}))).toBe(false);
  });
  it("accepts same-origin fetch metadata when Origin is absent", () => {
    expect(isSameOriginRequest(post({ "sec-fetch-site": "same-origin" }))).toBe(true);
  });
});
