import { fullDateTime, relativeTime } from "#app/format/relative-time.ts";

/**
 * "2 hours ago" as a <time>: the exact moment in its datetime and in its title (the tooltip).
 * `now` is the loader's, so the server and the browser write the same words.
 */
export function RelativeTime({ date, now }: { date: Date; now: Date }) {
  return (
    <time dateTime={date.toISOString()} title={fullDateTime(date)}>
      {relativeTime(date, now)}
    </time>
  );
}
