import { describe, expect, it } from "vitest";
import { parseQuoteEvent } from "./use-quote-stream.ts";

describe("parseQuoteEvent", () => {
  it("reads the changed row from a quote event", () => {
    const data = JSON.stringify({
      quote: { id: 7, text: "x", createdAt: "2025-01-01T00:00:00.000Z", includeInSearch: true, updatedAt: "y" },
    });
    expect(parseQuoteEvent(data)).toEqual({
      id: 7,
      text: "x",
      createdAt: "2025-01-01T00:00:00.000Z",
      includeInSearch: true,
      updatedAt: "y",
    });
  });
  it("ignores malformed data", () => {
    expect(parseQuoteEvent("not json")).toBeNull();
    expect(parseQuoteEvent(JSON.stringify({ quote: { id: "7" } }))).toBeNull();
  });
});
