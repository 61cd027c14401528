import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider } from "react-router";
import { bootstrapAdminOnce } from "~/auth/bootstrap-admin.server";
import { clientIpContext } from "~/auth/client-ip-context";
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
    async getLoadContext(req, res) {
      const context = new RouterContextProvider();
      const database = await getDatabase();
      await bootstrapAdminOnce(database);
      context.set(databaseContext, database);
      context.set(cspNonceContext, res.locals.cspNonce);
      context.set(clientIpContext, req.ip ?? req.socket.remoteAddress ?? "unknown");
      return context;
    },
  }),
);
