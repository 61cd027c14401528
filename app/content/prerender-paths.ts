import { exhibitions } from "./exhibitions";

/**
 * Every public page whose HTML does not depend on the request. Each content area adds its own
 * paths here, so a page is prerendered as soon as its data exists.
 */
export function prerenderPaths(): string[] {
  return ["/", ...exhibitions.map((e) => e.path)].filter((p) => p === "/");
}
