import { isDeepStrictEqual } from "node:util";
import { eq } from "drizzle-orm";
import { type ChangeSummary, commitChanges, isDocumentPath } from "#app/content/content-documents.server.ts";
import { ContentError, MAX_DOCUMENT_CHARACTERS } from "#app/content-files/content-files.server.ts";
import { contentDocuments, contentDrafts } from "#app/db/content-schema.ts";
import type { AppDatabase } from "#app/db/database.server.ts";

/**
 * Saved, unpublished edits (decision 042): one shared draft per document, for a studio of a few
 * people working on one site. A draft holds the edited document as the form read it (valid or
 * not: saving never loses what was typed) and the published revision it was made from, which
 * its publish is checked against (commitChanges refuses it when someone published since, and
 * the draft is kept).
 */
export interface Draft {
  path: string;
  data: unknown;
  /** The published revision the draft was made from; 0 for a document not published yet. */
  baseRevision: number;
  updatedAt: Date;
  updatedBy: string;
}

/** What a draft may hold, as JSON: the editor's own limit for a document's text. */
export const MAX_DRAFT_CHARACTERS = MAX_DOCUMENT_CHARACTERS;

export async function findDraft(db: AppDatabase, path: string): Promise<Draft | undefined> {
  if (!isDocumentPath(path)) return undefined;
  const [row] = await db.select().from(contentDrafts).where(eq(contentDrafts.path, path));
  if (!row || row.data === null) return undefined;
  return {
    path,
    data: row.data,
    baseRevision: row.baseRevision ?? 0,
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy,
  };
}

/** Every path with a draft, for the document list's marks. */
export async function draftPaths(db: AppDatabase): Promise<Set<string>> {
  const rows = await db.select({ path: contentDrafts.path }).from(contentDrafts);
  return new Set(rows.map((row) => row.path));
}

/** Saves (or replaces) the document's draft. Refuses a path outside the content tree and an oversized value. */
export async function saveDraft(
  db: AppDatabase,
  draft: { path: string; data: unknown; baseRevision: number; author: string },
): Promise<void> {
  if (!isDocumentPath(draft.path)) throw new ContentError(`${draft.path.slice(0, 200)}: not a content document's path`);
  const size = JSON.stringify(draft.data)?.length ?? 0;
  if (size > MAX_DRAFT_CHARACTERS)
    throw new ContentError(
      `The document is ${size} characters as saved; a document holds at most ${MAX_DRAFT_CHARACTERS}. Shorten its longest texts.`,
    );
  await db
    .insert(contentDrafts)
    .values({ path: draft.path, data: draft.data, baseRevision: draft.baseRevision, updatedBy: draft.author })
    .onConflictDoUpdate({
      target: contentDrafts.path,
      set: { data: draft.data, baseRevision: draft.baseRevision, updatedBy: draft.author, updatedAt: new Date() },
    });
}

export async function discardDraft(db: AppDatabase, path: string): Promise<void> {
  await db.delete(contentDrafts).where(eq(contentDrafts.path, path));
}

/**
 * Publishes a document's value through commitChanges, then drops its draft when the draft is
 * what was just published, or the one the form was drawn from (`draftStamp`, its updatedAt: the
 * publish carries the draft's edits and more). A refusal (ContentError, ContentConflict) throws
 * before the draft is touched, so it is kept; so is a draft saved by someone else meanwhile.
 */
export async function publishValue(
  db: AppDatabase,
  input: { path: string; data: unknown; baseRevision: number; author: string; draftStamp?: string },
): Promise<ChangeSummary> {
  const size = JSON.stringify(input.data)?.length ?? 0;
  if (size > MAX_DRAFT_CHARACTERS)
    throw new ContentError(
      `The document is ${size} characters; a document holds at most ${MAX_DRAFT_CHARACTERS}. Shorten its longest texts.`,
    );
  const summary = await commitChanges(db, [{ path: input.path, data: input.data, baseRevision: input.baseRevision }], {
    author: input.author,
    action: "publish",
  });
  const draft = await findDraft(db, input.path);
  if (draft && (isDeepStrictEqual(draft.data, input.data) || draft.updatedAt.toISOString() === input.draftStamp))
    await discardDraft(db, input.path);
  return summary;
}

/** The published revision of a document (0 when there is none). */
export async function publishedRevision(db: AppDatabase, path: string): Promise<number> {
  const [row] = await db
    .select({ revision: contentDocuments.revision })
    .from(contentDocuments)
    .where(eq(contentDocuments.path, path));
  return row?.revision ?? 0;
}
