import { defineConfig } from "vite";
import { imageOriginalsPlugin } from "./app/images/originals-vite-plugin.ts";
import { contentPlugin } from "./server/content-vite-plugin.ts";
import { inlineScriptPlugin } from "./server/inline-script-vite-plugin.ts";

// The server entry (server/main.ts) as plain JavaScript for `node server.js`: built after
// `react-router build` into the same folder, beside the app bundle it loads (index.js).
// Packages stay external (node_modules), so production runs no TypeScript loader.
// Beside it, the catalogue PDF's child process (decision 044), which draws stand-ins from the
// page-image registry and so needs the content and originals modules the app build has.
export default defineConfig({
  build: {
    ssr: true,
    outDir: "build/server",
    emptyOutDir: false,
    target: "node24",
    copyPublicDir: false,
    rollupOptions: {
      input: { main: "server/main.ts", "catalogue-pdf-child": "server/catalogue-pdf/catalogue-pdf-child.ts" },
      output: { entryFileNames: "[name].js", chunkFileNames: "chunks/[name]-[hash].js" },
    },
  },
  plugins: [imageOriginalsPlugin(), contentPlugin(), inlineScriptPlugin()],
});
