import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider } from "react-router";
import { getDatabase } from "~/db/app-database.server";
import { databaseContext } from "~/db/context";
import { cspNonceContext } from "~/security/csp-nonce-context";

/**
 * Everything the React Router build serves: pages rendered per request and the API (resource
 * routes). It is bundled into build/server/index.js, so it can import app code with `~/`.
 */
export const app = express();

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    async getLoadContext(_req, res) {
      const context = new RouterContextProvider();
      context.set(databaseContext, await getDatabase());
      context.set(cspNonceContext, res.locals.cspNonce);
      return context;
    },
  }),
);
