import { publicPaths } from "./content-registry-views.server.ts";
import type { ContentStore } from "./content-store.server.ts";

const bySnapshot = new WeakMap<object, ReadonlySet<string>>();

/**
 * Every public page of the content the store serves whose HTML does not depend on the request:
 * the addresses the server keeps in memory once rendered (server/prerendered-pages.ts). The
 * build's prerender list (prerender-paths.ts) is the same function over the content folder,
 * made here from the published content, once per content version.
 */
export function publicPagePaths(store: ContentStore): ReadonlySet<string> {
  const snapshot = store.snapshot();
  let paths = bySnapshot.get(snapshot);
  if (!paths) {
    paths = new Set(publicPaths(snapshot, { prerendered: true }));
    bySnapshot.set(snapshot, paths);
  }
  return paths;
}
