import fs from "node:fs";
import path from "node:path";

/** Where the catalogue PDF is served from, and where the build writes it. */
export const CATALOGUE_PDF_URL = "/files/umbra-secrets-catalogue-full.pdf";
export const CATALOGUE_PDF_SOURCE = path.join("public", "files", "umbra-secrets-catalogue-full.pdf");

/**
 * The PDF's real size in bytes, read from the file the build generated (scripts/build-catalogue-pdf.ts),
 * so the download link never states a stale figure. Null when it has not been generated.
 */
export function cataloguePdfBytes(): number | null {
  for (const candidate of [
    CATALOGUE_PDF_SOURCE,
    path.join("build", "client", "files", path.basename(CATALOGUE_PDF_SOURCE)),
  ]) {
    try {
      return fs.statSync(path.resolve(candidate)).size;
    } catch {
      // try the next location
    }
  }
  return null;
}
