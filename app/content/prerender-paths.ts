import { artworkRecords } from "./artworks";
import { exhibitions } from "./exhibitions";

/**
 * Every public page whose HTML does not depend on the request. Each content area adds its own
 * paths here, so a page is prerendered as soon as its data exists. (Relative imports only: the
 * React Router config loads this file without the `~` alias.)
 */
export function prerenderPaths(): string[] {
  const catalogue = ["/art", ...artworkRecords.map((a) => `/art/${a.slug}`)];
  const pages: string[] = ["/", ...exhibitions.map((e) => e.path)].filter((p) => p === "/");
  return [...pages, ...catalogue];
}
