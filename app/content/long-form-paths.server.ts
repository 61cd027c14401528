import fs from "node:fs";
import { contentDir } from "#app/content-files/content-files.server.ts";
import { longFormDir } from "./long-form-files.server.ts";

/**
 * The article and interview URLs, from the content folders' file names. Used by the prerender
 * list, which runs in the build config where `virtual:` modules are not available.
 */
export function longFormPaths(dir = contentDir()): string[] {
  const paths: string[] = [];
  for (const kind of ["articles", "interviews"] as const) {
    paths.push(`/${kind}`);
    for (const file of fs.readdirSync(longFormDir(kind, dir)).sort()) {
      if (file.endsWith(".md")) paths.push(`/${kind}/${file.slice(0, -3)}`);
    }
  }
  return paths;
}
