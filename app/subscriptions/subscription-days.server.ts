import { sql } from "drizzle-orm";
import { subscriptionDays } from "#app/db/subscription-schema.ts";
import type { Tx } from "./subscription-tokens.server.ts";

/** The UTC day of a moment, as the `date` column stores it. */
export function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Counts joins or leaves of these topics today, in the caller's transaction. */
export async function countDay(tx: Tx, topicIds: readonly number[], now: Date, what: "joined" | "left") {
  if (topicIds.length === 0) return;
  const day = dayOf(now);
  await tx
    .insert(subscriptionDays)
    .values(
      topicIds.map((topicId) => ({ topicId, day, joined: what === "joined" ? 1 : 0, left: what === "left" ? 1 : 0 })),
    )
    .onConflictDoUpdate({
      target: [subscriptionDays.topicId, subscriptionDays.day],
      set:
        what === "joined"
          ? { joined: sql`${subscriptionDays.joined} + 1` }
          : { left: sql`${subscriptionDays.left} + 1` },
    });
}
