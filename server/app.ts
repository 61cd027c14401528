import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider } from "react-router";
import { isArtworkImage } from "~/catalogue/catalogue";
import { imageRoute } from "./images/image-route";

/**
 * Everything the React Router build serves: pages rendered per request and, later, the API.
 * It is bundled into build/server/index.js, so it can import app code with the `~/` alias.
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
    getLoadContext() {
      return new RouterContextProvider();
    },
  }),
);
