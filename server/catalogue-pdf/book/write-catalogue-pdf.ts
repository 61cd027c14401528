import fs from "node:fs";
import path from "node:path";
import { buildBook } from "./book.ts";
import { bookImageSource, type ImageRef } from "./catalogue-images.ts";
import type { CatalogueJob } from "./catalogue-job.ts";
import { DETAIL_BOX } from "./draw-works.ts";

export type { CatalogueJob } from "./catalogue-job.ts";

/**
 * Prints `job` and writes it to `file` atomically (a temporary file beside it, then a rename),
 * so a reader sees the previous file or the whole new one. `originalOf` names an image's
 * original on this machine (an uploaded one); without it, the content folder's are used.
 */
export async function writeCataloguePdf(
  file: string,
  job: CatalogueJob,
  originalOf?: (ref: ImageRef) => string | undefined,
): Promise<{ bytes: number; pages: number; imagesCached: number; imagesMade: number }> {
  const source = bookImageSource(undefined, originalOf);
  const aspect = DETAIL_BOX.width / DETAIL_BOX.height;
  const [plates, details, views] = await Promise.all([
    Promise.all(job.works.map((ref) => source.plate(ref))),
    Promise.all(job.works.map((ref, i) => source.detail(ref, i, aspect))),
    Promise.all(job.views.map((ref, i) => source.view(ref, i === 0 ? 1800 : undefined))),
  ]);
  const { bytes, plan } = await buildBook(job.content, {
    plates: plates.map((b) => new Uint8Array(b)),
    details: details.map((b) => new Uint8Array(b)),
    views: views.map((b) => new Uint8Array(b)),
  });
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    fs.writeFileSync(temporary, bytes);
    fs.renameSync(temporary, file);
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  const { hits, made } = source.cache.stats();
  return { bytes: bytes.byteLength, pages: plan.pages.length, imagesCached: hits, imagesMade: made };
}
