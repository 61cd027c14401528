import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider } from "react-router";
import { isArtworkImage } from "~/catalogue/catalogue";
import { getDatabase } from "~/db/app-database.server";
import { databaseContext } from "~/db/context";
import { getQuoteEventHub } from "~/realtime/app-quote-events.server";
import { quoteEventsContext } from "~/realtime/context";
import { imageRoute } from "./images/image-route";

export { startRuntime } from "./runtime";

/**
 * Everything the React Router build serves: pages rendered per request and the API (resource
 * routes). It is bundled into build/server/index.js, so it can import app code with `~/`.
 */
export const app = express();
app.disable("x-powered-by");

// Responsive images, derived on first request and cached on disk under DATA_DIR.
app.use(
  "/img",
  imageRoute({
    cacheDir: path.join(process.env.DATA_DIR || "data", "image-cache"),
    isKnownArtwork: isArtworkImage,
  }),
);

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    async getLoadContext() {
      const context = new RouterContextProvider();
      context.set(databaseContext, await getDatabase());
      context.set(quoteEventsContext, await getQuoteEventHub());
      return context;
    },
  }),
);
