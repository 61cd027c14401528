import { describe, expect, it } from "vitest";
import { fullDateTime, relativeTime, shortDate } from "./relative-time.ts";

const now = new Date("2026-03-10T12:00:00Z");
const ago = (ms: number) => relativeTime(new Date(now.getTime() - ms), now);
const minutes = 60_000;
const hours = 60 * minutes;
const days = 24 * hours;

describe("relative time, as the studio reads when something changed", () => {
  it("says 'just now' within the minute, allowing a few seconds of clock drift ahead", () => {
    expect(ago(0)).toBe("just now");
    expect(ago(59_000)).toBe("just now");
    expect(ago(-20_000)).toBe("just now");
  });

  it("counts minutes, then hours, in whole units rounded down", () => {
    expect(ago(1 * minutes)).toBe("1 minute ago");
    expect(ago(59 * minutes + 59_000)).toBe("59 minutes ago");
    expect(ago(2 * hours)).toBe("2 hours ago");
    expect(ago(2 * hours + 59 * minutes)).toBe("2 hours ago");
    expect(ago(23 * hours + 59 * minutes)).toBe("23 hours ago");
  });

  it("says 'yesterday' for a day ago and counts days up to a week", () => {
    expect(ago(1 * days)).toBe("yesterday");
    expect(ago(47 * hours)).toBe("yesterday");
    expect(ago(3 * days)).toBe("3 days ago");
    expect(ago(6 * days + 23 * hours)).toBe("6 days ago");
  });

  it("gives the date for a week or more, and for a time ahead of now", () => {
    expect(ago(7 * days)).toBe("3 Mar 2026");
    expect(relativeTime(new Date("2019-12-31T23:59:00Z"), now)).toBe("31 Dec 2019");
    expect(relativeTime(new Date("2026-03-11T09:00:00Z"), now)).toBe("11 Mar 2026");
  });

  it("reads dates in UTC, so a server and a browser in other zones agree", () => {
    expect(shortDate(new Date("2026-09-03T23:30:00Z"))).toBe("3 Sep 2026");
    expect(fullDateTime(new Date("2026-03-03T14:05:00Z"))).toBe("3 March 2026, 14:05 UTC");
  });

  it("names an unreadable date rather than printing 'NaN'", () => {
    expect(relativeTime(new Date("not a date"), now)).toBe("an unknown date");
    expect(fullDateTime(new Date(Number.NaN))).toBe("an unknown date");
  });
});
