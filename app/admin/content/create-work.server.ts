import { z } from "zod";
import { saveDraft } from "#app/admin/content/content-drafts.server.ts";
import { freeWorkPath, newWork, nextArtworkId } from "#app/admin/content/new-work.server.ts";
import { uploadImage } from "#app/admin/content-images/upload-image.server.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import { ARTWORKS } from "#app/images/image-catalog.ts";
import { UploadRefused } from "#app/images/inspect-upload.ts";
import type { OriginalStore } from "#app/uploads/original-store.ts";
import type { UploadedOriginals } from "#app/uploads/uploaded-originals.ts";

/**
 * The "New work" screen's one step (decision 073): a title and, if chosen, the work's image. The
 * image is checked and stored first (as the Image panel's uploads are: type, size, pixels), so a
 * refused file leaves nothing behind; then the draft is saved with the next artwork id. The work
 * stays a hidden draft until it is published from the editor, its image with it.
 */

export const newWorkTitle = z
  .string()
  .trim()
  .min(1, "Give the new work a title.")
  .max(200, "A title is at most 200 characters.")
  .refine((title) => !title.includes("\u0000"), "The title contains a character no title may hold. Type it again.");

export type CreateWorkOutcome =
  | { ok: true; path: string; slug: string; image?: { width: number; height: number } }
  | { ok: false; status: 400 | 413 | 415 | 422; error: string };

export async function createWork(options: {
  db: AppDatabase;
  title: unknown;
  file: File | undefined;
  author: string;
  store: OriginalStore;
  uploaded: UploadedOriginals;
  dataDir: string;
}): Promise<CreateWorkOutcome> {
  const { db } = options;
  const title = newWorkTitle.safeParse(options.title ?? "");
  if (!title.success)
    return { ok: false, status: 400, error: title.error.issues[0]?.message ?? "Give the new work a title." };
  const path = await freeWorkPath(db, title.data);
  const slug = path && /^works\/(.+)\.md$/.exec(path)?.[1];
  if (!path || !slug)
    return {
      ok: false,
      status: 400,
      error: "The title needs at least one letter or digit: the work's address is made from it.",
    };
  const file = options.file && options.file.size > 0 ? options.file : undefined;
  let image: { width: number; height: number } | undefined;
  if (file) {
    try {
      const done = await uploadImage({
        db,
        store: options.store,
        uploaded: options.uploaded,
        dataDir: options.dataDir,
        image: { collection: ARTWORKS, name: slug },
        file,
        author: options.author,
      });
      image = { width: done.original.width, height: done.original.height };
    } catch (error) {
      if (error instanceof UploadRefused) return { ok: false, status: error.status, error: error.message };
      throw error;
    }
  }
  await saveDraft(db, {
    path,
    data: newWork(title.data, await nextArtworkId(db)),
    baseRevision: 0,
    author: options.author,
  });
  return { ok: true, path, slug, image };
}
