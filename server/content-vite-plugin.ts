import path from "node:path";
import type { Plugin, ViteDevServer } from "vite";
import { contentCollections } from "#app/content/content-collections.server.ts";
import { documentsFingerprint } from "#app/content/content-fingerprint.ts";
import { contentDir } from "#app/content-files/content-files.server.ts";
import { ownEntry } from "#app/security/own-entry.ts";

const PREFIX = "virtual:content/";
/** Written beside the built server: the build's documents, read at start and then let go (decision 050). */
export const DOCUMENTS_FILE = "content-documents.json";
/** Beside it: the snapshot checked from them at build, which the store starts from (decision 053). */
export const SNAPSHOT_FILE = "content-snapshot.json";

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
      const collection = ownEntry(contentCollections, name);
      if (!collection) this.error(`No content collection "${name}" (app/content/content-collections.server.ts)`);
      if (name === "documents") {
        const { documents, snapshot } = collection() as { documents: Record<string, unknown>; snapshot: unknown };
        const json = JSON.stringify(documents);
        const snapshotJson = JSON.stringify(snapshot);
        const fingerprint = documentsFingerprint(new Map(Object.entries(documents)));
        if (!building) {
          const inline = (text: string) => `JSON.parse(${JSON.stringify(text)})`;
          return documentsModule(fingerprint, inline(json), inline(snapshotJson));
        }
        this.emitFile({ type: "asset", fileName: DOCUMENTS_FILE, source: json });
        this.emitFile({ type: "asset", fileName: SNAPSHOT_FILE, source: snapshotJson });
        const read = (file: string) => `readBuildFile(${JSON.stringify(file)})`;
        return `import fs from "node:fs";\n${documentsModule(fingerprint, read(DOCUMENTS_FILE), read(SNAPSHOT_FILE))}\n${readBuildFile}`;
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
 * `virtual:content/documents`: the build's fingerprint and functions that read its documents and
 * its checked snapshot afresh on each call, so no module holds 12,000 works' raw documents for
 * the life of the server (decision 050), and a start parses JSON instead of checking every
 * document again (decision 053). In development and tests they are inline.
 */
function documentsModule(fingerprint: string, readDocuments: string, readSnapshot: string): string {
  return [
    `export const fingerprint = ${JSON.stringify(fingerprint)};`,
    `export function readDocuments() { return ${readDocuments}; }`,
    `export function readSnapshot() { return ${readSnapshot}; }`,
  ].join("\n");
}

/** The built server's chunk is in build/server/ or build/server/assets/; the files are in build/server/. */
const readBuildFile = `function readBuildFile(name) {
  for (const url of [new URL("./" + name, import.meta.url), new URL("../" + name, import.meta.url)]) {
    let text;
    try { text = fs.readFileSync(url, "utf8"); } catch (error) { if (error.code === "ENOENT") continue; throw error; }
    return JSON.parse(text);
  }
  throw new Error(name + " is missing beside the built server: run npm run build again");
}`;
