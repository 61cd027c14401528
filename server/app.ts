import { createRequestHandler } from "@react-router/express";
import express from "express";
import { rateLimitAddress } from "#app/auth/client-ip-context.ts";
import { CROSS_ORIGIN_MESSAGE, isSameOriginRequest } from "#app/auth/origin-check.server.ts";
import { sendErrorAnswer } from "#app/http/error-answer.server.ts";
import { siteDeepZoom, siteImages } from "#app/site-images/site-images.ts";
import { FILE_TOO_LARGE_MESSAGE } from "#app/uploads/exhibition-file-kind.ts";
import {
  ARCHIVE_UPLOAD_BODY_BYTES,
  CONTENT_EDITOR_BODY_BYTES,
  FILE_UPLOAD_BODY_BYTES,
  IMAGE_UPLOAD_BODY_BYTES,
  limitRequestBodies,
} from "./body-limit.ts";
import { explainProxyOriginMismatch } from "./proxy-origin-mismatch.ts";
import { ignoreForwardedHost, requireBuildableUrl } from "./request-url.ts";
import { roomPrivacy } from "./room-privacy.ts";
import { answerRouteMethods } from "./route-methods.ts";
import { routerContextFor } from "./router-context.ts";
import type { Services } from "./services.ts";

export { publicOrigin, setListeningPort } from "#app/config/public-origin.server.ts";
export { publicPagePaths } from "#app/content/public-page-paths.server.ts";
export { ORIGIN_PLACEHOLDER } from "#app/seo/site-origin.ts";
export { warmSiteImages } from "#app/site-images/site-images.ts";
export { serveCataloguePdf } from "./catalogue-pdf/serve-catalogue-pdf.ts";
export { editionLinesFromMemory } from "./edition-lines-from-memory.ts";
export { prerenderedPages } from "./prerendered-pages.ts";
export { publicQuotesFromMemory } from "./public-quotes-from-memory.ts";
export { startRuntime } from "./runtime.ts";

/**
 * Everything the React Router build serves: pages rendered per request and the API (resource
 * routes), on the process's services. This module is bundled into build/server/index.js, so
 * it can import app code; importing it reads no configuration (the build's prerender
 * imports it), so the app is made by the server entry after start-up, from its services.
 */
export function createApp(services: Services): express.Express {
  const app = express();
  app.disable("x-powered-by");
  // Whose X-Forwarded-For to believe (TRUST_PROXY): req.ip below honours it.
  app.set("trust proxy", services.env.TRUST_PROXY);

  // The request's host is its Host header, never the client's X-Forwarded-Host.
  app.use(ignoreForwardedHost);

  const build = () => import("virtual:react-router/server-build");

  // Viewing rooms (issue 22): never stored, never indexed, no Referer (decision 062).
  app.use("/rooms", roomPrivacy());

  // Bodies over the limit are refused (413) before anything below reads them. The content
  // editor sends a whole document (the longest article is 62 KB of text); only it gets more.
  const contentEditorBodies = limitRequestBodies(CONTENT_EDITOR_BODY_BYTES);
  const otherBodies = limitRequestBodies();
  // An image upload (decisions 041, 073: the image panel's, and the New work screen's): one original up to 40 MB.
  const imageUploads = limitRequestBodies(
    IMAGE_UPLOAD_BODY_BYTES,
    "The file is larger than 40 MB: save a smaller copy and upload that.",
  );
  // An exhibition file upload (decision 048): one PDF or recording up to 100 MB.
  const fileUploads = limitRequestBodies(FILE_UPLOAD_BODY_BYTES, FILE_TOO_LARGE_MESSAGE);
  // A site archive (the studio's import): up to 1 GB, streamed to disk.
  const archiveUploads = limitRequestBodies(
    ARCHIVE_UPLOAD_BODY_BYTES,
    "The archive is larger than 1 GB, the most this site takes.",
  );
  app.use((req, res, next) =>
    (req.path === "/admin/content/archive" || req.path === "/admin/content/archive.data"
      ? archiveUploads
      : req.path === "/admin/content/new-work" || req.path === "/admin/content/new-work.data"
        ? imageUploads
        : req.path.startsWith("/admin/content/")
          ? contentEditorBodies
          : req.path.startsWith("/admin/content-images/")
            ? imageUploads
            : req.path === "/admin/content-files"
              ? fileUploads
              : otherBodies)(req, res, next),
  );
  // React Router builds every request's URL from its Host header and path.
  app.use(requireBuildableUrl);
  // TRACE and the like, or a submission to an address without an action: 405 that says so.
  app.use(answerRouteMethods(build));

  // Responsive images, derived on first request and cached on disk under DATA_DIR; one route per
  // process, shared with the start-up warm-up (decision 017).
  // Deep Zoom pyramids of the works, built on first request into the same cache (decision 023).
  app.use("/img/zoom", siteDeepZoom());
  app.use("/img", siteImages());

  // Admin mutations from another origin are refused before React Router sees them (it would
  // answer 400); the same check runs again inside requireAdmin and the admin actions.
  app.use(["/admin", "/api/admin", "/reset-password"], (req, res, next) => {
    if (isSameOriginRequest({ method: req.method, headers: { get: (name) => req.get(name) ?? null } })) return next();
    sendErrorAnswer(req, res, 403, CROSS_ORIGIN_MESSAGE);
  });

  // Our own form that React Router would refuse with a bare 400: the proxy is set up wrong; say so.
  app.use(explainProxyOriginMismatch(services.logger));

  app.use(
    createRequestHandler({
      build,
      getLoadContext: (req, res) =>
        routerContextFor(services, {
          cspNonce: res.locals.cspNonce,
          clientIp: rateLimitAddress(req.ip ?? req.socket.remoteAddress),
        }),
    }),
  );
  return app;
}
