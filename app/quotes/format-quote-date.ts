const longDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** "March 4, 2023": US English long form, in UTC so server and browser agree. */
export function formatQuoteDate(iso: string): string {
  return longDate.format(new Date(iso));
}
