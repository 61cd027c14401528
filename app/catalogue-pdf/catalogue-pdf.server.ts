import fs from "node:fs";
import path from "node:path";
import { createContext } from "react-router";

/** Where the catalogue PDF is served from, and where the build writes it. */
export const CATALOGUE_PDF_URL = "/files/umbra-secrets-catalogue-full.pdf";
export const CATALOGUE_PDF_SOURCE = path.join("public", "files", "umbra-secrets-catalogue-full.pdf");

/** The PDF a process serves: the newest ready rebuild (decision 044), from the router context. */
export interface ServedCataloguePdfSize {
  served(): { bytes: number } | undefined;
}

/**
 * The PDF's real size in bytes, so a page states the size of the file a visitor actually
 * downloads: the served file's (`pdf`, the services' rebuilds, read from servedCataloguePdfContext),
 * else the file the build generated (scripts/build-catalogue-pdf.mjs; the build's prerender has
 * no server). Null when there is none.
 */
export function cataloguePdfBytes(pdf?: ServedCataloguePdfSize): number | null {
  const served = pdf?.served()?.bytes;
  if (served != null) return served;
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

/** What the studio is told of the catalogue PDF (server/catalogue-pdf/catalogue-pdf-rebuilds.ts). */
export interface CataloguePdfStatus {
  served: { bytes: number } | undefined;
  /** When the served PDF was printed for published content; undefined: the build's copy. */
  rebuiltAt?: Date;
  /** A rebuild is running or queued, in this process or another on the same data folder. */
  rebuilding: boolean;
  /** Why the latest rebuild failed; the previous PDF is served meanwhile. */
  failure?: { reason: string; at: Date };
}

/** The process's catalogue PDF rebuilds, for the content editor's status line; none in a bare test context. */
export const cataloguePdfContext = createContext<{ status(): CataloguePdfStatus } | undefined>(undefined);

/**
 * The PDF the process serves, for the pages that state its size (set from the services in
 * server/router-context.ts). Its default serves none: the build's prerender, and a test
 * without services, state the build's file.
 */
export const servedCataloguePdfContext = createContext<ServedCataloguePdfSize>({ served: () => undefined });
