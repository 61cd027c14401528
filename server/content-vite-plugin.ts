import path from "node:path";
import type { Plugin, ViteDevServer } from "vite";
import { contentCollections } from "#app/content/content-collections.server.ts";
import { documentsFingerprint } from "#app/content/content-fingerprint.ts";
import { contentDir } from "#app/content-files/content-files.server.ts";

const PREFIX = "virtual:content/";
/** Written beside the built server: the build's documents, read at start and then let go (decision 050). */
export const DOCUMENTS_FILE = "content-documents.json";

/**
 * Serves each content collection as `virtual:content/<name>`: the files are read and checked
 * when the module is built, so an invalid file fails `npm run build` with its name, field and
 * what was expected. In development an edit under CONTENT_DIR reloads the page.
 */
export function contentPlugin(): Plugin {
  let server: ViteDevServer | undefined;
  let building = false;
  return {
    name: "umbra-content",
    configResolved(config) {
      building = config.command === "build";
    },
    resolveId(source) {
      return source.startsWith(PREFIX) ? `\0${source}` : undefined;
    },
    load(resolved) {
      if (!resolved.startsWith(`\0${PREFIX}`)) return undefined;
      const name = resolved.slice(PREFIX.length + 1);
      const collection = contentCollections[name];
      if (!collection) this.error(`No content collection "${name}" (app/content/content-collections.server.ts)`);
      if (name === "documents") {
        const documents = collection() as Record<string, unknown>;
        const json = JSON.stringify(documents);
        const fingerprint = documentsFingerprint(new Map(Object.entries(documents)));
        if (!building) return documentsModule(fingerprint, `JSON.parse(${JSON.stringify(json)})`);
        this.emitFile({ type: "asset", fileName: DOCUMENTS_FILE, source: json });
        return `import fs from "node:fs";\n${documentsModule(fingerprint, `readBuildDocuments()`)}\n${readBuildDocuments}`;
      }
      // JSON.parse of a string literal is parsed faster than the same object literal (12,000 works).
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(collection()))});`;
    },
    configureServer(devServer) {
      server = devServer;
      const dir = contentDir();
      devServer.watcher.add(dir);
      devServer.watcher.on("all", (_event, file) => {
        if (!path.resolve(file).startsWith(dir + path.sep) || !server) return;
        for (const environment of Object.values(server.environments)) {
          for (const name of Object.keys(contentCollections)) {
            const module = environment.moduleGraph.getModuleById(`\0${PREFIX}${name}`);
            if (module) environment.moduleGraph.invalidateModule(module);
          }
        }
        server.ws.send({ type: "full-reload" });
      });
    },
  };
}

/**
 * `virtual:content/documents`: the build's fingerprint and a function that reads its documents
 * afresh on each call, so no module holds 12,000 works' raw documents for the life of the server
 * (decision 050). In development and tests they are inline.
 */
function documentsModule(fingerprint: string, read: string): string {
  return `export const fingerprint = ${JSON.stringify(fingerprint)};\nexport function readDocuments() { return ${read}; }`;
}

/** The built server's chunk is in build/server/ or build/server/assets/; the file is in build/server/. */
const readBuildDocuments = `function readBuildDocuments() {
  for (const url of [new URL("./${DOCUMENTS_FILE}", import.meta.url), new URL("../${DOCUMENTS_FILE}", import.meta.url)]) {
    let text;
    try { text = fs.readFileSync(url, "utf8"); } catch (error) { if (error.code === "ENOENT") continue; throw error; }
    return JSON.parse(text);
  }
  throw new Error("${DOCUMENTS_FILE} is missing beside the built server: run npm run build again");
}`;
