import { contentFolder } from "./content-registry.server.ts";
import { publicPaths } from "./content-registry-views.server.ts";
import { snapshotFrom } from "./content-snapshot.server.ts";

/**
 * Every public page whose HTML does not depend on the request, from the content folder: the
 * registry's prerendered pages and every collection's items (content-registry-views.server.ts).
 * The same function gives the server's list from the published content (public-page-paths). The
 * React Router config loads this file outside Vite: it cannot import `virtual:` modules.
 */
export function prerenderPaths(): string[] {
  // Viewing rooms (issue 22) are rendered per request for one link, never at build.
  return publicPaths(snapshotFrom(contentFolder()), { prerendered: true }).filter(
    (path) => path !== "/rooms" && !path.startsWith("/rooms/"),
  );
}
