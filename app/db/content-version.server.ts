import { eq, sql } from "drizzle-orm";
import { contentState } from "./content-schema.ts";
import type { AppDatabase } from "./database.server.ts";

type Transaction = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

/**
 * Locks the content version's row for the rest of the transaction, so changes to the content
 * from every process (documents, uploaded images) take turns, and returns the version.
 */
export async function lockContentVersion(tx: Transaction): Promise<number> {
  await tx.insert(contentState).values({ id: 1, version: 0 }).onConflictDoNothing();
  const [state] = await tx
    .select({ version: contentState.version })
    .from(contentState)
    .where(eq(contentState.id, 1))
    .for("update");
  return state?.version ?? 0;
}

/** Sets the content version; its trigger sends NOTIFY content_changed when the transaction commits. */
export async function setContentVersion(tx: Transaction, version: number): Promise<void> {
  await tx.update(contentState).set({ version, updatedAt: sql`now()` }).where(eq(contentState.id, 1));
}

/** The content version the database holds now (0 before anything was published). */
export async function publishedVersion(db: AppDatabase): Promise<number> {
  const [state] = await db.select({ version: contentState.version }).from(contentState).where(eq(contentState.id, 1));
  return state?.version ?? 0;
}
