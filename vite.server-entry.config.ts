import { defineConfig } from "vite";

// The server entry (server/main.ts) as plain JavaScript for `node server.js`: built after
// `react-router build` into the same folder, beside the app bundle it loads (index.js).
// Packages stay external (node_modules), so production runs no TypeScript loader.
export default defineConfig({
  build: {
    ssr: "server/main.ts",
    outDir: "build/server",
    emptyOutDir: false,
    target: "node20",
    copyPublicDir: false,
    rollupOptions: { output: { entryFileNames: "main.js" } },
  },
});
