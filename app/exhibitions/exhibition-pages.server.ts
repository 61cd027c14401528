import fs from "node:fs";
import path from "node:path";
import {
  CATALOGUE_PDF_URL,
  cataloguePdfBytes,
  type ServedCataloguePdfSize,
} from "#app/catalogue-pdf/catalogue-pdf.server.ts";
import { formatFileSize } from "#app/format/file-size.ts";
import type { Exhibition } from "./exhibition.ts";

/**
 * The stated size of each file a page offers for download ("1.2 MB"), read from the file itself
 * (in public/, or the build's copy), so a link never states a stale figure. Files that do not
 * exist yet (the catalogue PDF before its first build) have no size. `cataloguePdf`: the PDF the
 * process serves (servedCataloguePdfContext), when it is not the build's.
 */
export function downloadSizes(exhibition: Exhibition, cataloguePdf?: ServedCataloguePdfSize): Record<string, string> {
  const sizes: Record<string, string> = {};
  for (const block of exhibition.blocks) {
    if (block.type !== "downloads") continue;
    for (const file of block.files) {
      const bytes = publicFileBytes(file.href, cataloguePdf);
      if (bytes !== null) sizes[file.href] = formatFileSize(bytes);
    }
  }
  return sizes;
}

function publicFileBytes(href: string, cataloguePdf: ServedCataloguePdfSize | undefined): number | null {
  // The catalogue is rebuilt when the content it prints changes: the size of the one served.
  if (href === CATALOGUE_PDF_URL) return cataloguePdfBytes(cataloguePdf);
  for (const root of ["public", path.join("build", "client")]) {
    try {
      return fs.statSync(path.resolve(root, `.${href}`)).size;
    } catch {
      // try the next location
    }
  }
  return null;
}
