import { describe, expect, it } from "vitest";
import { formatUsDate } from "./us-date.ts";

describe("formatUsDate", () => {
  it("writes a US English long date", () => {
    expect(formatUsDate("2023-03-04T18:30:00.000Z")).toBe("March 4, 2023");
  });
  it("uses UTC, so a late-evening timestamp keeps its day everywhere", () => {
    expect(formatUsDate("2019-12-31T23:59:00.000Z")).toBe("December 31, 2019");
  });
  it("reads a date alone as that day", () => {
    expect(formatUsDate("2024-06-03")).toBe("June 3, 2024");
  });
});
