import type { ContentStore } from "./content-store.server.ts";
import { EDITORIAL_PAGE_PATHS } from "./prerender-paths.ts";

const bySnapshot = new WeakMap<object, ReadonlySet<string>>();

/**
 * Every public page of the content the store serves whose HTML does not depend on the request:
 * the addresses the server keeps in memory once rendered (server/prerendered-pages.ts). The same
 * list as the build's prerender (prerender-paths.ts, which reads the files), made from the
 * published content, once per content version.
 */
export function publicPagePaths(store: ContentStore): ReadonlySet<string> {
  const snapshot = store.snapshot();
  let paths = bySnapshot.get(snapshot);
  if (!paths) {
    paths = new Set([
      ...EDITORIAL_PAGE_PATHS,
      "/exhibitions",
      ...store.exhibitionLinks().map((exhibition) => exhibition.path),
      ...(["articles", "interviews"] as const).flatMap((kind) => [
        `/${kind}`,
        ...store.longForm(kind).map((piece) => `/${kind}/${piece.slug}`),
      ]),
      "/art",
      ...store.catalogue().artworks.map((work) => `/art/${work.slug}`),
    ]);
    bySnapshot.set(snapshot, paths);
  }
  return paths;
}
