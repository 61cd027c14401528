import type { DayCount } from "#app/subscriptions/subscriber-records.server.ts";

/** How far back the screen draws joins and leaves: twelve weeks of days, today the last. */
export const ACTIVITY_DAYS = 84;

const DAY_MS = 24 * 60 * 60_000;

export interface ActivityDay {
  /** YYYY-MM-DD, UTC. */
  day: string;
  joined: number;
  left: number;
}

export interface SubscriberActivity {
  days: ActivityDay[];
  joined: number;
  left: number;
  /** The most joins or leaves on any one day: the bars' scale. */
  peak: number;
}

/** The first and last day of the twelve weeks ending on `now`'s UTC day. */
export function activityRange(now: Date): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(Date.parse(to) - (ACTIVITY_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from, to };
}

/**
 * Every day of the range with its joins and leaves, summed over the topics (or of one topic):
 * days without any are zeros, so the bars stand at their dates.
 */
export function subscriberActivity(counts: readonly DayCount[], now: Date, topicKey?: string): SubscriberActivity {
  const { from } = activityRange(now);
  const byDay = new Map<string, ActivityDay>();
  const start = Date.parse(from);
  for (let index = 0; index < ACTIVITY_DAYS; index += 1) {
    const day = new Date(start + index * DAY_MS).toISOString().slice(0, 10);
    byDay.set(day, { day, joined: 0, left: 0 });
  }
  for (const count of counts) {
    const day = byDay.get(count.day);
    if (!day || (topicKey && count.topicKey !== topicKey)) continue;
    day.joined += count.joined;
    day.left += count.left;
  }
  const days = [...byDay.values()];
  return {
    days,
    joined: days.reduce((sum, day) => sum + day.joined, 0),
    left: days.reduce((sum, day) => sum + day.left, 0),
    peak: Math.max(1, ...days.map((day) => Math.max(day.joined, day.left))),
  };
}
