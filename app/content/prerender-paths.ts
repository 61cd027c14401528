import { shownWorks } from "#app/catalogue/artwork-record.ts";
import { readWorkRecords } from "#app/catalogue/work-files.server.ts";
import { readExhibitions } from "#app/exhibitions/exhibition-files.server.ts";
import { longFormPaths } from "./long-form-paths.server.ts";

/** Editorial pages whose HTML never depends on the request. */
export const EDITORIAL_PAGE_PATHS = ["/about", "/cv", "/prices", "/merch", "/contact"];

/**
 * Every public page whose HTML does not depend on the request. Not `/`: the home page shows the
 * public quotes as they are now, so it is rendered on request and kept in memory by the server. Each content area adds its own
 * paths here, so a page is prerendered as soon as its data exists. (The React Router config loads this
 * file outside Vite: it cannot import `virtual:` modules.)
 */
export function prerenderPaths(): string[] {
  const catalogue = ["/art", ...shownWorks(readWorkRecords()).map((a) => `/art/${a.slug}`)];
  const exhibitions = ["/exhibitions", ...readExhibitions().map((e) => e.path)];
  const paths = [...EDITORIAL_PAGE_PATHS, ...exhibitions, ...longFormPaths(), ...catalogue];
  // Viewing rooms (issue 22) are rendered per request for one link, never at build.
  return paths.filter((path) => path !== "/rooms" && !path.startsWith("/rooms/"));
}
