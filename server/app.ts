import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider } from "react-router";
import { cspNonceContext } from "~/security/csp-nonce-context";

/**
 * Everything the React Router build serves: pages rendered per request and, later, the API.
 * It is bundled into build/server/index.js, so it can import app code with the `~/` alias.
 */
export const app = express();

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext(_req, res) {
      const context = new RouterContextProvider();
      context.set(cspNonceContext, res.locals.cspNonce);
      return context;
    },
  }),
);
