// Production and development entry: `node server.js`. Static files, prerendered pages, then
// the React Router app (server/app.ts, bundled into build/server/index.js).
import compression from "compression";
import express from "express";
import { prerenderedPages } from "./server/prerendered-pages.js";
import { securityHeaders } from "./server/security-headers.js";

const DEVELOPMENT = process.env.NODE_ENV === "development";
const PORT = Number.parseInt(process.env.PORT || "3000", 10);
const HOST = process.env.HOST || "0.0.0.0";

const app = express();
app.disable("x-powered-by");
app.use(securityHeaders({ production: !DEVELOPMENT }));
app.use(compression());

if (DEVELOPMENT) {
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  app.use(viteDevServer.middlewares);
  app.use(async (req, res, next) => {
    try {
      const source = await viteDevServer.ssrLoadModule("./server/app.ts");
      return await source.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) viteDevServer.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  // Hashed build assets never change under the same name.
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", fallthrough: false }));
  app.use(prerenderedPages("build/client"));
  app.use(express.static("build/client", { maxAge: "1h", index: false, redirect: false }));
  const { app: reactRouterApp } = await import("./build/server/index.js");
  app.use(reactRouterApp);
}

app.listen(PORT, HOST, () => {
  const shown = HOST === "0.0.0.0" || HOST === "::" ? "localhost" : HOST;
  console.log(`Umbra is serving on http://${shown}:${PORT} (${DEVELOPMENT ? "development" : "production"})`);
});
