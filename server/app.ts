import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider } from "react-router";
import { bootstrapAdminOnce } from "~/auth/bootstrap-admin.server";
import { clientIpContext, rateLimitAddress } from "~/auth/client-ip-context";
import { isSameOriginRequest } from "~/auth/origin-check.server";
import { getDatabase } from "~/db/app-database.server";
import { databaseContext } from "~/db/context";
import { publicQuoteCacheContext } from "~/quotes/public-quote-cache.server";
import { getPublicQuoteCache, getQuoteEventHub } from "~/realtime/app-quote-events.server";
import { quoteEventsContext } from "~/realtime/context";
import { cspNonceContext } from "~/security/csp-nonce-context";
import { limitRequestBodies } from "./body-limit";
import { siteImages } from "./images/site-images";
import { requireBuildableUrl } from "./request-url";

export { publicOrigin, setListeningPort } from "~/config/public-origin.server";
export { ORIGIN_PLACEHOLDER } from "~/seo/site-origin";
export { warmSiteImages } from "./images/site-images";
export { prerenderedPages } from "./prerendered-pages";
export { servePublicQuotesFromMemory } from "./public-quotes-from-memory";
export { startRuntime } from "./runtime";

/**
 * Everything the React Router build serves: pages rendered per request and the API (resource
 * routes). It is bundled into build/server/index.js, so it can import app code with `~/`.
 */
export const app = express();
app.disable("x-powered-by");

// Bodies over the limit are refused (413) before anything below reads them.
app.use(limitRequestBodies());
// React Router builds every request's URL from its Host header and path.
app.use(requireBuildableUrl);

// Responsive images, derived on first request and cached on disk under DATA_DIR (decision 017).
// The route is made on the first request, not at import: importing this module (the build's
// prerender, server.js before startRuntime) must not read the configuration, so a bad value is
// reported by startRuntime.
app.use("/img", (req, res, next) => siteImages()(req, res, next));

// Admin mutations from another origin are refused before React Router sees them (it would
// answer 400); the same check runs again inside requireAdmin and the admin actions.
app.use(["/admin", "/api/admin", "/reset-password"], (req, res, next) => {
  if (isSameOriginRequest({ method: req.method, headers: { get: (name) => req.get(name) ?? null } })) return next();
  res.status(403).set("Cache-Control", "no-store").json({ message: "This request did not come from this site." });
});

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    async getLoadContext(req, res) {
      const context = new RouterContextProvider();
      const database = await getDatabase();
      await bootstrapAdminOnce(database);
      context.set(databaseContext, database);
      context.set(quoteEventsContext, await getQuoteEventHub());
      context.set(publicQuoteCacheContext, getPublicQuoteCache());
      context.set(cspNonceContext, res.locals.cspNonce);
      // req.ip honours TRUST_PROXY (set in server.js): X-Forwarded-For only from trusted proxies.
      context.set(clientIpContext, rateLimitAddress(req.ip ?? req.socket.remoteAddress));
      return context;
    },
  }),
);
