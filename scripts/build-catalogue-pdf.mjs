// Generates public/files/umbra-secrets-catalogue-full.pdf from the catalogue data before the site
// build, so the Solo London page can state the file's real size. Runs the TypeScript generator
// through Vite with the app's content plugin (`virtual:content/<name>`); the image manifest is not
// needed to draw stand-ins. Run with `node --import tsx` (package.json) so the plugin loads.
import path from "node:path";
import { createServer } from "vite";
import { contentPlugin } from "#server/content-vite-plugin.ts";

const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, "public", "files", "umbra-secrets-catalogue-full.pdf");
const virtualOriginals = "virtual:image-originals";

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
    contentPlugin(),
  ],
});
try {
  const { writeCataloguePdf } = await server.ssrLoadModule("/server/catalogue-pdf/book/write-catalogue-pdf.ts");
  const { catalogueJobFromFiles } = await server.ssrLoadModule("/server/catalogue-pdf/book/catalogue-job.ts");
  const started = performance.now();
  const { bytes, pages, imagesCached, imagesMade } = await writeCataloguePdf(out, catalogueJobFromFiles());
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Catalogue PDF: ${path.relative(root, out)} (${pages} pages, ${(bytes / 1e6).toFixed(1)} MB, ${seconds} s; images: ${imagesCached} cached, ${imagesMade} made)`,
  );
} catch (error) {
  // An invalid content file: its message names the file and field; a stack would only hide it.
  if (error?.name !== "ContentError") throw error;
  console.error(`Invalid content:\n${error.message}`);
  process.exitCode = 1;
} finally {
  await server.close();
}
