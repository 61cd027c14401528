import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { imageOriginalsPlugin } from "./server/images/originals-vite-plugin.ts";

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is our Express app, which imports the React Router build itself.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : { assetsInlineLimit: 0 },
  resolve: { tsconfigPaths: true },
  plugins: [reactRouter(), imageOriginalsPlugin()],
}));
