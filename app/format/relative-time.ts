/**
 * "just now", "5 minutes ago", "2 hours ago", "yesterday", "3 days ago", and for anything a week
 * or more old (or ahead by more than a minute's clock drift) the date, "3 Mar 2026". Always
 * relative to a `now` the caller is given (the loader's), never the clock at render: the server's
 * render and the browser's hydration then read the same words. Dates are spelled here, in UTC,
 * not by Intl's date formats, whose words differ between ICU versions ("Sep" or "Sept").
 */

const words = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function relativeTime(date: Date, now: Date): string {
  const elapsed = now.getTime() - date.getTime();
  if (Number.isNaN(elapsed) || elapsed < -MINUTE || elapsed >= 7 * DAY) return shortDate(date);
  if (elapsed < MINUTE) return "just now";
  if (elapsed < HOUR) return words.format(-Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return words.format(-Math.floor(elapsed / HOUR), "hour");
  return words.format(-Math.floor(elapsed / DAY), "day");
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "3 Mar 2026". */
export function shortDate(date: Date): string {
  if (Number.isNaN(date.getTime())) return "an unknown date";
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]?.slice(0, 3)} ${date.getUTCFullYear()}`;
}

/** "3 March 2026, 14:05 UTC": the exact moment, for the tooltip. */
export function fullDateTime(date: Date): string {
  if (Number.isNaN(date.getTime())) return "an unknown date";
  const time = date.toISOString().slice(11, 16);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}, ${time} UTC`;
}
