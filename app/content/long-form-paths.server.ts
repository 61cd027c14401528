import fs from "node:fs";
import path from "node:path";

/**
 * The article and interview URLs, read from the content folders. Used by the prerender list,
 * which runs in the build config where Vite's import.meta.glob is not available.
 */
export function longFormPaths(): string[] {
  const paths: string[] = [];
  for (const kind of ["articles", "interviews"]) {
    const folder = path.resolve("app", "content", kind);
    paths.push(`/${kind}`);
    for (const file of fs.readdirSync(folder).sort()) {
      if (file.endsWith(".md")) paths.push(`/${kind}/${file.slice(0, -3)}`);
    }
  }
  return paths;
}
