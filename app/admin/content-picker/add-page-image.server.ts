import { eq } from "drizzle-orm";
import { z } from "zod";
import { storeUpload } from "#app/admin/content-images/upload-image.server.ts";
import { ContentConflict, commitChangesIn } from "#app/content/content-documents.server.ts";
import { ContentError } from "#app/content-files/content-files.server.ts";
import { contentDocuments } from "#app/db/content-schema.ts";
import { lockContentVersion } from "#app/db/content-version.server.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import { imageOriginals } from "#app/db/image-schema.ts";
import { UploadRefused } from "#app/images/inspect-upload.ts";
import type { PageImage } from "#app/images/page-image-files.server.ts";
import { STAND_IN_KINDS, type StandInKind } from "#app/images/stand-in-kinds.ts";
import { ImageConflict, type InspectedOriginal, setImageOriginalIn } from "#app/uploads/image-originals.server.ts";
import type { OriginalStore } from "#app/uploads/original-store.ts";
import { type UploadedOriginals, uploadedVersion } from "#app/uploads/uploaded-originals.ts";
import { nameFromDescription, unusedName } from "./page-image-name.ts";

/**
 * "Upload a new image" in the picker (issue 39): a file and its description become a new page
 * image of a collection in one step. Everything that can be refused before the file is stored is
 * checked first (fields, collection, then the file by its bytes, as every upload is). Then, in
 * one transaction under the content lock, the collection's document gets a new revision declaring
 * the image (its name made from the description, unused in the collection) and the image gets
 * its original: both commit, or neither does. Two uploads at once take turns on the lock; the
 * second reads the first's revision, so both land with distinct names.
 */

/** A description longer than this is a paragraph, not alt text. */
export const MAX_DESCRIPTION = 300;

export const newPageImageFields = z.object({
  collection: z
    .string({ error: "Choose which group of images the new image joins." })
    .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "There is no such group of images: choose one from the list."),
  description: z
    .string({ error: "Describe the picture: the description is read aloud to people who cannot see it." })
    .trim()
    .min(1, "Describe the picture: the description is read aloud to people who cannot see it.")
    .max(
      MAX_DESCRIPTION,
      `A description is at most ${MAX_DESCRIPTION} characters: say what the picture shows, briefly.`,
    )
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point.
    .refine((text) => !/[\u0000-\u0008\u000b-\u001f\u007f]/.test(text), {
      message: "The description contains a character no text may hold. Type it again.",
    }),
});

export type AddPageImageOutcome =
  | { ok: true; collection: string; image: PageImage; original: InspectedOriginal }
  | { ok: false; status: 400 | 409 | 413 | 415 | 422; error: string };

const collectionPath = (collection: string) => `images/${collection}.yaml`;

export async function addPageImage(options: {
  db: AppDatabase;
  store: OriginalStore;
  uploaded: UploadedOriginals;
  dataDir: string;
  fields: { collection: unknown; description: unknown };
  file: unknown;
  author: string;
}): Promise<AddPageImageOutcome> {
  const { db } = options;
  const fields = newPageImageFields.safeParse(options.fields);
  if (!fields.success)
    return { ok: false, status: 422, error: fields.error.issues[0]?.message ?? "The form was incomplete." };
  const { collection, description } = fields.data;
  const file = options.file;
  if (!(file instanceof File) || file.size === 0)
    return { ok: false, status: 422, error: "Choose an image file (JPEG, PNG, WebP, AVIF or TIFF) to upload." };
  const [known] = await db
    .select({ path: contentDocuments.path })
    .from(contentDocuments)
    .where(eq(contentDocuments.path, collectionPath(collection)));
  if (!known) return unknownCollection(collection);
  let original: InspectedOriginal;
  try {
    original = await storeUpload({ store: options.store, dataDir: options.dataDir, file });
  } catch (error) {
    if (error instanceof UploadRefused) return { ok: false, status: error.status, error: error.message };
    throw error;
  }
  try {
    const image = await db.transaction(async (tx) => {
      // Held from here to the commit: the name chosen below is still unused when it is written.
      await lockContentVersion(tx);
      const [document] = await tx
        .select({ data: contentDocuments.data, revision: contentDocuments.revision })
        .from(contentDocuments)
        .where(eq(contentDocuments.path, collectionPath(collection)));
      if (!document || !Array.isArray(document.data)) throw new CollectionGone();
      const members = document.data as { name?: unknown; kind?: unknown }[];
      // An earlier image's name keeps its history of originals: a new image never takes it over.
      const withOriginals = await tx
        .select({ name: imageOriginals.name })
        .from(imageOriginals)
        .where(eq(imageOriginals.collection, collection));
      const taken = new Set([...members.map((image) => String(image.name)), ...withOriginals.map((row) => row.name)]);
      const chosen = unusedName(nameFromDescription(description), taken);
      const entry: PageImage = {
        name: chosen,
        alt: description,
        aspect: Math.round((original.width / original.height) * 10_000) / 10_000,
        kind: usualKind(members),
      };
      await commitChangesIn(
        tx,
        [{ path: collectionPath(collection), data: [...members, entry], baseRevision: document.revision }],
        { author: options.author, action: "publish" },
      );
      await setImageOriginalIn(tx, {
        collection,
        name: chosen,
        original,
        author: options.author,
        action: "upload",
        baseRevision: 0,
      });
      return entry;
    });
    // This process lists and serves it at once; every process loads it again on NOTIFY.
    options.uploaded.set({ collection, name: image.name, ...original, version: uploadedVersion(original.sha256) });
    return { ok: true, collection, image, original };
  } catch (error) {
    if (error instanceof CollectionGone) return unknownCollection(collection);
    if (error instanceof ContentConflict || error instanceof ImageConflict)
      return {
        ok: false,
        status: 409,
        error: "Someone changed this group of images at the same moment, so nothing was added. Upload the image again.",
      };
    if (error instanceof ContentError)
      return { ok: false, status: 422, error: `The image could not be added: ${error.message.slice(0, 300)}` };
    throw error;
  }
}

class CollectionGone extends Error {
  override name = "CollectionGone";
}

function unknownCollection(collection: string): AddPageImageOutcome {
  return {
    ok: false,
    status: 422,
    error: `There is no group of images called “${collection}”: reload the page and choose one from the list.`,
  };
}

/** What most of the collection's images show (its stand-in's drawing); "object" for an empty one. */
function usualKind(members: readonly { kind?: unknown }[]): StandInKind {
  const counts = new Map<StandInKind, number>();
  for (const image of members) {
    const kind = STAND_IN_KINDS.find((known) => known === image.kind);
    if (kind) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "object";
}
