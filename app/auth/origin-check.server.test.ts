import { describe, expect, it } from "vitest";
import { isSameOriginRequest } from "./origin-check.server.ts";

const allowed = ["http://localhost:3400", "http://127.0.0.1:3400"];
const post = (headers: Record<string, string>, url = "http://127.0.0.1:3400/admin/quotes") =>
  new Request(url, { method: "POST", headers });

describe("isSameOriginRequest", () => {
  it("lets reads through", () => {
    expect(isSameOriginRequest(new Request("http://127.0.0.1:3400/admin/quotes"), allowed)).toBe(true);
  });
  it("accepts a mutation from a configured origin", () => {
    expect(isSameOriginRequest(post({ origin: "http://127.0.0.1:3400" }), allowed)).toBe(true);
    expect(isSameOriginRequest(post({ origin: "http://localhost:3400" }), allowed)).toBe(true);
  });
  it("refuses another origin, a null origin and a missing one", () => {
    expect(isSameOriginRequest(post({ origin: "https://evil.example" }), allowed)).toBe(false);
    expect(isSameOriginRequest(post({ origin: "null" }), allowed)).toBe(false);
    expect(isSameOriginRequest(post({}), allowed)).toBe(false);
  });
  it("refuses an Origin that only matches the forged Host the request was sent with", () => {
    const forged = post({ origin: "http://evil.example", host: "evil.example" }, "http://evil.example/admin/quotes");
    expect(isSameOriginRequest(forged, allowed)).toBe(false);
  });
  it("accepts same-origin fetch metadata when Origin is absent", () => {
    expect(isSameOriginRequest(post({ "sec-fetch-site": "same-origin" }), allowed)).toBe(true);
  });
});
