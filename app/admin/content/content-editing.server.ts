import { asc, eq } from "drizzle-orm";
import {
  type ChangeSummary,
  commitChanges,
  type DocumentRevision,
  history,
  isDocumentPath,
} from "#app/content/content-documents.server.ts";
import { ContentError, MAX_DOCUMENT_CHARACTERS, parseContentText } from "#app/content-files/content-files.server.ts";
import { bodyFieldOf } from "#app/content-files/content-source.server.ts";
import { documentText } from "#app/content-files/content-writer.server.ts";
import { contentDocuments } from "#app/db/content-schema.ts";
import type { AppDatabase } from "#app/db/database.server.ts";

/**
 * The studio's content editor (issue 23): every published document, opened as the text of its
 * file, published through `commitChanges` (the whole site checked first, revisions kept, an edit
 * made from an older revision refused), and restored from its history.
 */

/** A document as the editor's list shows it. */
export interface DocumentListing {
  path: string;
  /** Its title, heading or name, when it has one; else its file name. */
  label: string;
  revision: number;
  updatedAt: Date;
  updatedBy: string;
  /** A work the studio hid (decision 042): on no public page. */
  hidden: boolean;
}

/** The text the editor accepts for one document: the limit files have too (content-files.server.ts). */
export const MAX_DOCUMENT_TEXT = MAX_DOCUMENT_CHARACTERS;

export async function listDocuments(db: AppDatabase): Promise<DocumentListing[]> {
  const rows = await db
    .select({
      path: contentDocuments.path,
      data: contentDocuments.data,
      revision: contentDocuments.revision,
      updatedAt: contentDocuments.updatedAt,
      updatedBy: contentDocuments.updatedBy,
    })
    .from(contentDocuments)
    .orderBy(asc(contentDocuments.path));
  return rows.map(({ data, ...row }) => ({
    ...row,
    label: labelOf(row.path, data),
    hidden: row.path.startsWith("works/") && (data as { hidden?: unknown } | null)?.hidden === true,
  }));
}

/** A document's title, heading or name, when it has one; else its file name. */
export function labelOf(path: string, data: unknown): string {
  const fields =
    data !== null && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  for (const key of ["title", "heading", "brand"]) {
    const value = fields[key];
    if (typeof value === "string" && value.trim()) return value.trim();
  }
  return path.slice(path.lastIndexOf("/") + 1);
}

export interface OpenedDocument {
  path: string;
  /** The document's value, as the form edits it. */
  data: unknown;
  text: string;
  revision: number;
  updatedAt: Date;
  updatedBy: string;
  history: DocumentRevision[];
}

/** The document at `path` as its file's text, with its history; undefined when there is none. */
export async function openDocument(db: AppDatabase, path: string): Promise<OpenedDocument | undefined> {
  if (!isDocumentPath(path)) return undefined;
  const [row] = await db.select().from(contentDocuments).where(eq(contentDocuments.path, path));
  if (!row) return undefined;
  return {
    path,
    data: row.data,
    text: documentText(path, row.data),
    revision: row.revision,
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy,
    history: await history(db, path),
  };
}

/** A revision's document as its file's text (null when that revision deleted it). */
export function revisionText(path: string, revision: DocumentRevision): string | null {
  return revision.data === null ? null : documentText(path, revision.data);
}

/**
 * Publishes the editor's text for one document. The text is read as its file would be (a YAML
 * error names the line), then checked with the whole site; a ContentError or ContentConflict
 * says what to fix and nothing is written.
 */
export async function publishDocumentText(
  db: AppDatabase,
  input: { path: string; text: string; baseRevision: number; author: string },
): Promise<ChangeSummary> {
  if (!isDocumentPath(input.path)) throw new ContentError(`${input.path}: not a content document's path`);
  if (input.text.length > MAX_DOCUMENT_TEXT)
    throw new ContentError(
      `The text is ${input.text.length} characters; a document holds at most ${MAX_DOCUMENT_TEXT}.`,
    );
  const bodyField = bodyFieldOf(input.path);
  // Line endings as a browser's textarea sends them (CRLF) read the same as the file's.
  const text = input.text.replace(/\r\n?/g, "\n");
  const data = parseContentText(input.path, text, bodyField ? { bodyField } : {});
  return commitChanges(db, [{ path: input.path, data, baseRevision: input.baseRevision }], {
    author: input.author,
    action: "publish",
  });
}
