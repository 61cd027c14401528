import { createHash } from "node:crypto";
import type { ContentSnapshot } from "#app/content/content-store.server.ts";
import type { OriginalSource } from "#app/images/original-sources.ts";
import type { ImageRef } from "./book/catalogue-job.ts";
import { type CatalogueJob, catalogueJob } from "./book/catalogue-job.ts";

/** What the published content asks the catalogue PDF to be: the book to print, or why it cannot be. */
export type CataloguePdfTarget =
  | {
      /** A hash of everything the PDF prints: its texts, works, images' versions and the brand. */
      fingerprint: string;
      job: CatalogueJob;
      /** Each image's original on this machine (an S3 upload is fetched first), by `collection/name`. */
      originals: () => Promise<Record<string, string>>;
    }
  | { fingerprint: string; problem: string };

type OriginalLookup = (collection: string, name: string) => OriginalSource | undefined;

/**
 * The catalogue PDF's inputs from a content snapshot (decision 044). Two snapshots that print
 * the same book have the same fingerprint, so an edit of something the PDF does not print (a
 * price, the home page) starts no rebuild. Content the PDF fonts cannot print is a `problem`:
 * reported to the studio, with the previous PDF still served.
 */
export function cataloguePdfTarget(snapshot: ContentSnapshot, originalOf: OriginalLookup): CataloguePdfTarget {
  let job: CatalogueJob;
  try {
    job = catalogueJob(snapshot);
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    return { fingerprint: `problem-${hashOf(problem)}`, problem };
  }
  const images: ImageRef[] = [...job.works, ...job.views];
  // A stand-in has no original: its drawing is the pipeline's, and the build's fingerprint of
  // that code is part of the image cache's keys (book/image-cache.ts).
  const versions = images.map((ref) => originalOf(ref.collection, ref.name)?.version ?? "stand-in");
  return {
    fingerprint: hashOf(JSON.stringify({ job, versions })),
    job,
    originals: async () => {
      const files: Record<string, string> = {};
      for (const ref of images) {
        const original = originalOf(ref.collection, ref.name);
        if (original) files[`${ref.collection}/${ref.name}`] = await original.file();
      }
      return files;
    },
  };
}

function hashOf(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 20);
}
