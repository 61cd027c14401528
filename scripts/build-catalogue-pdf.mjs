// Generates public/files/umbra-secrets-catalogue-full.pdf from the catalogue data before the site
// build, so the Solo London page can state the file's real size. Runs the TypeScript generator
// through Vite, which serves the app's `virtual:` modules; the image manifest is not needed to draw stand-ins. Content
// collections (`virtual:content/<name>`) come from their loaders, loaded through the same server.
import path from "node:path";
import { createServer } from "vite";

const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, "public", "files", "umbra-secrets-catalogue-full.pdf");
const virtualOriginals = "virtual:image-originals";
const contentPrefix = "virtual:content/";

const server = await createServer({
  root,
  configFile: false,
  logLevel: "warn",
  appType: "custom",
  server: { middlewareMode: true, hmr: false, ws: false },
  optimizeDeps: { noDiscovery: true, include: [] },
  plugins: [
    {
      name: "empty-image-originals",
      resolveId: (id) => (id === virtualOriginals ? `\0${virtualOriginals}` : undefined),
      load: (id) => (id === `\0${virtualOriginals}` ? "export default {};" : undefined),
    },
    {
      name: "content-collections",
      resolveId: (id) => (id.startsWith(contentPrefix) ? `\0${id}` : undefined),
      async load(id) {
        if (!id.startsWith(`\0${contentPrefix}`)) return undefined;
        const { contentCollections } = await server.ssrLoadModule("/app/content/content-collections.server.ts");
        const collection = contentCollections[id.slice(contentPrefix.length + 1)];
        if (!collection) throw new Error(`No content collection for ${id.slice(1)}`);
        return `export default ${JSON.stringify(collection())};`;
      },
    },
  ],
});
try {
  const { writeCataloguePdf } = await server.ssrLoadModule("/scripts/catalogue-pdf/write-catalogue-pdf.ts");
  const bytes = await writeCataloguePdf(out);
  console.log(`Catalogue PDF: ${path.relative(root, out)} (${Math.round(bytes / 1000)} KB)`);
} catch (error) {
  // An invalid content file: its message names the file and field; a stack would only hide it.
  if (error?.name !== "ContentError") throw error;
  console.error(`Invalid content:\n${error.message}`);
  process.exitCode = 1;
} finally {
  await server.close();
}
