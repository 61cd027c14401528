// CONTENT_DIR may come from .env: the build reads the content files and the originals beside them.
import "./server/load-env-file.ts";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { imageOriginalsPlugin } from "./app/images/originals-vite-plugin.ts";
import { contentPlugin } from "./server/content-vite-plugin.ts";
import { inlineScriptPlugin } from "./server/inline-script-vite-plugin.ts";

export default defineConfig({
  // Assets are never inlined as data: URLs: the CSP allows scripts from 'self' only, and both
  // builds must agree on every asset's URL.
  build: {
    assetsInlineLimit: 0,
    rollupOptions: {
      output: {
        // React DOM's client in a file of its own, not inside the entry module: a deferred page
        // evaluates it in a task of its own before hydration starts (decision 058).
        manualChunks: (id) =>
          /[\\/]react-dom[\\/]cjs[\\/]react-dom-client\./.test(id) ? "react-dom-client" : undefined,
      },
    },
  },
  // The server build's entry is our Express app, which imports the React Router build itself
  // (Vite's environment API, React Router's v8_viteEnvironmentApi).
  environments: { ssr: { build: { rollupOptions: { input: "./server/app.ts" } } } },
  plugins: [reactRouter(), imageOriginalsPlugin(), contentPlugin(), inlineScriptPlugin()],
});
