import fs from "node:fs/promises";
import { minifySync, type Plugin } from "vite";

const QUERY = "?inline-script";

/**
 * `import code from "./x.script.js?inline-script"` gives the file's text, minified, to write
 * into the page as an inline <script> (app/components/inline-script.tsx): for the few lines a
 * page needs before anything else could arrive (decision 058). Minified at build, so the
 * comments that explain the file never reach the page's first bytes.
 */
export function inlineScriptPlugin(): Plugin {
  return {
    name: "umbra-inline-script",
    enforce: "pre",
    async load(id) {
      if (!id.endsWith(QUERY)) return undefined;
      const file = id.slice(0, -QUERY.length);
      this.addWatchFile(file);
      const source = await fs.readFile(file, "utf8");
      const { code, errors } = minifySync(file, source);
      if (errors.length > 0) this.error(`${file}: ${errors.map((error) => error.message).join("; ")}`);
      return `export default ${JSON.stringify(code.trim())};`;
    },
  };
}
