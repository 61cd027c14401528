import { documentKindLabel, documentTitle } from "#app/content/content-registry-views.server.ts";
import { findInTrash, listTrash, type TrashedDocument } from "#app/content/content-trash.server.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import type { TrashedItem } from "./trashed-document.tsx";

/** The Trash as the studio reads it: titles and kinds, not paths; days left, rounded up. */

const DAY_MS = 24 * 60 * 60 * 1000;

export function trashedItem(document: TrashedDocument, now = new Date()): TrashedItem {
  return {
    path: document.path,
    title: documentTitle(document.path, document.data),
    kind: documentKindLabel(document.path),
    deletedAt: document.deletedAt,
    deletedBy: document.deletedBy,
    expiresAt: document.expiresAt,
    daysLeft: Math.max(1, Math.ceil((document.expiresAt.getTime() - now.getTime()) / DAY_MS)),
  };
}

export async function trashItems(db: AppDatabase): Promise<TrashedItem[]> {
  const now = new Date();
  return (await listTrash(db, { now })).map((document) => trashedItem(document, now));
}

export async function trashedItemAt(db: AppDatabase, path: string): Promise<TrashedItem | undefined> {
  const found = await findInTrash(db, path);
  return found ? trashedItem(found) : undefined;
}
