const longDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/**
 * "March 4, 2023": SPEC.md's US English long date, for every date the site shows. Takes an ISO
 * timestamp or a date alone ("2023-03-04", read as UTC), and formats in UTC so the server's
 * render and the browser's agree.
 */
export function formatUsDate(iso: string): string {
  return longDate.format(new Date(iso));
}
