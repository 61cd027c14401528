import { and, desc, eq, sql } from "drizzle-orm";
import { lockContentVersion, setContentVersion } from "#app/db/content-version.server.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import { imageOriginalRevisions, imageOriginals } from "#app/db/image-schema.ts";
import { type OriginalFormat, type UploadedOriginal, uploadedVersion } from "./uploaded-originals.ts";

/** What an upload read from its bytes: the mapping stores it with the hash. */
export interface InspectedOriginal {
  sha256: string;
  format: OriginalFormat;
  width: number;
  height: number;
  placeholder: string;
}

export type ImageChangeAction = "upload" | "restore" | "import";

/** An image changed by someone else since the screen was opened: nothing was written. */
export class ImageConflict extends Error {
  override name = "ImageConflict";
  constructor(
    readonly image: string,
    readonly current: number,
    readonly base: number,
  ) {
    super(
      `The image of ${image} was changed by someone else (now change ${current}, you started from ${base}): reload the page to see it, then upload again.`,
    );
  }
}

/** Every image's current uploaded original (what each process serves over the build's). */
export async function loadUploadedOriginals(db: AppDatabase): Promise<UploadedOriginal[]> {
  const rows = await db.select().from(imageOriginals);
  return rows.map((row) => ({
    collection: row.collection,
    name: row.name,
    sha256: row.sha256,
    format: row.format as OriginalFormat,
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    version: row.version,
  }));
}

/**
 * Makes `original` the image's current one, atomically with the content version (decision 041):
 * under the same lock as commitChanges, the mapping row, a kept revision and the next content
 * version are written in one transaction, so NOTIFY content_changed tells every process once it
 * is committed. `baseRevision` (the image's change number the screen showed) refuses a change
 * made over someone else's (ImageConflict). The original itself must already be in the store.
 */
export async function setImageOriginal(
  db: AppDatabase,
  change: {
    collection: string;
    name: string;
    original: InspectedOriginal;
    author: string;
    action: ImageChangeAction;
    baseRevision?: number;
  },
): Promise<{ revision: number; version: number; changed: boolean }> {
  return db.transaction((tx) => setImageOriginalIn(tx, change));
}

type Transaction = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

/** `setImageOriginal` inside a transaction the caller holds (a new page image declared with its original). */
export async function setImageOriginalIn(
  tx: Transaction,
  change: Parameters<typeof setImageOriginal>[1],
): Promise<{ revision: number; version: number; changed: boolean }> {
  const { collection, name, original, author, action } = change;
  // The same lock as commitChanges: image and document changes take turns on every process.
  const lockedVersion = await lockContentVersion(tx);
  const [current] = await tx
    .select({ revision: imageOriginals.revision, sha256: imageOriginals.sha256 })
    .from(imageOriginals)
    .where(and(eq(imageOriginals.collection, collection), eq(imageOriginals.name, name)));
  const base = current?.revision ?? 0;
  if (change.baseRevision !== undefined && change.baseRevision !== base)
    throw new ImageConflict(`${collection}/${name}`, base, change.baseRevision);
  if (current?.sha256 === original.sha256) return { revision: base, version: lockedVersion, changed: false };
  const revision = base + 1;
  const version = lockedVersion + 1;
  const row = {
    collection,
    name,
    sha256: original.sha256,
    format: original.format,
    width: original.width,
    height: original.height,
    placeholder: original.placeholder,
    version: uploadedVersion(original.sha256),
  };
  await tx
    .insert(imageOriginals)
    .values({ ...row, revision, updatedBy: author })
    .onConflictDoUpdate({
      target: [imageOriginals.collection, imageOriginals.name],
      set: { ...row, revision, updatedBy: author, updatedAt: sql`now()` },
    });
  await tx.insert(imageOriginalRevisions).values({ ...row, revision, action, author, contentVersion: version });
  await setContentVersion(tx, version);
  return { revision, version, changed: true };
}

export interface ImageRevision extends InspectedOriginal {
  revision: number;
  version: string;
  action: ImageChangeAction;
  author: string;
  createdAt: Date;
}

/** An image's originals, newest first (the first is the current one). */
export async function imageHistory(
  db: AppDatabase,
  collection: string,
  name: string,
  limit = 50,
): Promise<ImageRevision[]> {
  const rows = await db
    .select()
    .from(imageOriginalRevisions)
    .where(and(eq(imageOriginalRevisions.collection, collection), eq(imageOriginalRevisions.name, name)))
    .orderBy(desc(imageOriginalRevisions.revision))
    .limit(limit);
  return rows.map((row) => ({
    revision: row.revision,
    sha256: row.sha256,
    format: row.format as OriginalFormat,
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    version: row.version,
    action: row.action as ImageChangeAction,
    author: row.author,
    createdAt: row.createdAt,
  }));
}

/** Shows an earlier original of the image again, as a new change (kept like any other). */
export async function restoreImageRevision(
  db: AppDatabase,
  change: { collection: string; name: string; revision: number; author: string; baseRevision?: number },
) {
  const [old] = await db
    .select()
    .from(imageOriginalRevisions)
    .where(
      and(
        eq(imageOriginalRevisions.collection, change.collection),
        eq(imageOriginalRevisions.name, change.name),
        eq(imageOriginalRevisions.revision, change.revision),
      ),
    );
  if (!old) return undefined;
  return setImageOriginal(db, {
    collection: change.collection,
    name: change.name,
    original: {
      sha256: old.sha256,
      format: old.format as OriginalFormat,
      width: old.width,
      height: old.height,
      placeholder: old.placeholder,
    },
    author: change.author,
    action: "restore",
    baseRevision: change.baseRevision,
  });
}
