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

/**
 * Sets the content version; its trigger sends NOTIFY content_changed when the transaction commits.
 * `buildFingerprint`: the version is the build's documents as imported (decision 050).
 */
export async function setContentVersion(tx: Transaction, version: number, buildFingerprint?: string): Promise<void> {
  await tx
    .update(contentState)
    .set({
      version,
      updatedAt: sql`now()`,
      ...(buildFingerprint === undefined ? {} : { buildFingerprint, buildVersion: version }),
    })
    .where(eq(contentState.id, 1));
}

/** The content version, and which version (if any) is known to be a build's documents with which fingerprint. */
export interface ContentState {
  version: number;
  buildFingerprint: string | null;
  buildVersion: number | null;
}

export async function readContentState(db: AppDatabase): Promise<ContentState> {
  const [state] = await db
    .select({
      version: contentState.version,
      buildFingerprint: contentState.buildFingerprint,
      buildVersion: contentState.buildVersion,
    })
    .from(contentState)
    .where(eq(contentState.id, 1));
  return state ?? { version: 0, buildFingerprint: null, buildVersion: null };
}

/**
 * Notes that `version` holds the build's documents with this fingerprint (found by reading them),
 * so the next start need not read them again. Only while the version is still that one.
 */
export async function recordBuildContent(db: AppDatabase, version: number, fingerprint: string): Promise<void> {
  await db
    .update(contentState)
    .set({ buildFingerprint: fingerprint, buildVersion: version })
    .where(sql`${contentState.id} = 1 and ${contentState.version} = ${version}`);
}

/** The content version the database holds now (0 before anything was published). */
export async function publishedVersion(db: AppDatabase): Promise<number> {
  const [state] = await db.select({ version: contentState.version }).from(contentState).where(eq(contentState.id, 1));
  return state?.version ?? 0;
}
