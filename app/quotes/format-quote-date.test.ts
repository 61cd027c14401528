import { describe, expect, it } from "vitest";
import { formatQuoteDate } from "./format-quote-date";

describe("formatQuoteDate", () => {
  it("writes the month name, day and year", () => {
    expect(formatQuoteDate("2023-03-04T18:30:00.000Z")).toBe("March 4, 2023");
  });
  it("uses the UTC day, whatever the machine's zone", () => {
    expect(formatQuoteDate("2019-12-31T23:59:00.000Z")).toBe("December 31, 2019");
  });
});
