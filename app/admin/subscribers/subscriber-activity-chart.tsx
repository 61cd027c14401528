import studio from "#app/admin/studio.module.css";
import type { SubscriberActivity } from "./subscriber-activity.ts";
import styles from "./subscribers.module.css";

const BAR = 6;
const GAP = 2;
const HALF = 48;

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;

/**
 * Joins and leaves per day for twelve weeks, as bars: joins rise above the line, leaves hang
 * below it. The picture is one image with a sentence for its alternative; the days with any
 * change are also a table under "The numbers by day", for reading and for screen readers.
 */
export function SubscriberActivityChart({ activity, topic }: { activity: SubscriberActivity; topic?: string }) {
  const first = activity.days[0]?.day ?? "";
  const last = activity.days.at(-1)?.day ?? "";
  const summary = `${topic ? `${topic}: ` : ""}${plural(activity.joined, "join", "joins")} and ${plural(activity.left, "leave", "leaves")} from ${first} to ${last}.`;
  const active = activity.days.filter((day) => day.joined > 0 || day.left > 0);
  const scale = (count: number) => (count === 0 ? 0 : Math.max(2, (count / activity.peak) * HALF));
  const width = activity.days.length * (BAR + GAP);
  return (
    <section aria-labelledby="activity-heading" className={studio.panel}>
      <h2 id="activity-heading" className={studio.sectionTitle}>
        Joins and leaves, last 12 weeks
      </h2>
      <p className={styles.summary} data-testid="activity-summary">
        {summary}
      </p>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${width} ${HALF * 2 + 1}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={summary}
      >
        {activity.days.map((day, index) => (
          <g key={day.day}>
            <title>{`${day.day}: ${day.joined} joined, ${day.left} left`}</title>
            <rect
              className={styles.joined}
              x={index * (BAR + GAP)}
              y={HALF - scale(day.joined)}
              width={BAR}
              height={scale(day.joined)}
            />
            <rect className={styles.left} x={index * (BAR + GAP)} y={HALF + 1} width={BAR} height={scale(day.left)} />
          </g>
        ))}
        <line className={styles.axis} x1={0} x2={width} y1={HALF + 0.5} y2={HALF + 0.5} />
      </svg>
      <p className={styles.legend} aria-hidden="true">
        <span className={styles.keyJoined} /> joins above the line <span className={styles.keyLeft} /> leaves below it
        <span className={styles.dates}>
          <span>{first}</span>
          <span>{last}</span>
        </span>
      </p>
      <details className={styles.numbers}>
        <summary>The numbers by day</summary>
        {active.length === 0 ? (
          <p className={studio.hint}>No one joined or left a topic in these twelve weeks.</p>
        ) : (
          <table className={styles.table}>
            <caption className="visually-hidden">Joins and leaves on each day with any, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Joined</th>
                <th scope="col">Left</th>
              </tr>
            </thead>
            <tbody>
              {active.map((day) => (
                <tr key={day.day}>
                  <th scope="row">{day.day}</th>
                  <td>{day.joined}</td>
                  <td>{day.left}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </details>
    </section>
  );
}
