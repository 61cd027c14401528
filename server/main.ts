// The server entry. Production: built to build/server/main.js (vite.server-entry.config.ts),
// started by `node server.js`; development: `npm run dev` runs this file with tsx. Operations
// endpoints, static files, prerendered pages, then the React Router app (app.ts, bundled into
// build/server/index.js).
// First: .env must be in process.env before anything reads the environment.
import "./load-env-file.ts";
import type http from "node:http";
import compression from "compression";
import express from "express";
import type * as ServerApp from "./app.ts";
import { PAGES_SHOWING_CATALOGUE_PDF } from "./catalogue-pdf/pages-showing-catalogue-pdf.ts";
import { readPrerenderScriptNonce } from "./own-inline-scripts.ts";
import { namesHtmlFile } from "./page-file-paths.ts";
import { editionPageVersion, isEditionPageData } from "./pages-showing-editions.ts";
import { joinedVersions, notifyTopicPageVersion } from "./pages-showing-topics.ts";
import { answerParseErrors } from "./parse-errors.ts";
import { logRequest } from "./request-log.ts";
import { securityHeaders } from "./security-headers.ts";
import { createSiteServer } from "./site-server.ts";

// Read before the configuration is loaded: it decides which build to load it from.
const DEVELOPMENT = process.env.NODE_ENV === "development";

const viteDevServer = DEVELOPMENT
  ? await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }))
  : undefined;
// The built app sits beside the built entry (build/server/); resolved at run time, not bundled.
const builtAppFile = "./index.js";
const builtApp = new URL(builtAppFile, import.meta.url).href;
const serverApp: typeof ServerApp = viteDevServer
  ? await viteDevServer.ssrLoadModule("./server/app.ts")
  : await import(/* @vite-ignore */ builtApp);

// The composition root builds the services once (configuration, database, live updates);
// exits with a message naming the problem when one fails.
const runtime = await serverApp.startRuntime();
const { PORT, HOST } = runtime.env;

const app = express();
app.disable("x-powered-by");
// Whose X-Forwarded-For to believe (TRUST_PROXY).
app.set("trust proxy", runtime.env.TRUST_PROXY);
app.use(securityHeaders({ production: !DEVELOPMENT }));
app.use(runtime.logRequests);
app.use(runtime.operations);
// The catalogue PDF: the newest ready rebuild, not the build's copy under build/client (decision 044).
app.use(serverApp.serveCataloguePdf(() => runtime.services.cataloguePdf.served()));
app.use(compression());

if (viteDevServer) {
  app.use(viteDevServer.middlewares);
  // Each edit gives a new module; its app is made once, on the same services.
  const apps = new WeakMap<typeof ServerApp, express.Express>();
  app.use(async (req, res, next) => {
    try {
      const source = (await viteDevServer.ssrLoadModule("./server/app.ts")) as typeof ServerApp;
      let devApp = apps.get(source);
      if (!devApp) {
        devApp = source.createApp(runtime.services);
        apps.set(source, devApp);
      }
      return devApp(req, res, next);
    } catch (error) {
      if (error instanceof Error) viteDevServer.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  // Hashed build assets never change under the same name.
  // No directory redirect: /assets -> /assets/ -> (trailing-slash redirect) /assets would loop.
  const assets = express.static("build/client/assets", {
    immutable: true,
    maxAge: "1y",
    fallthrough: false,
    redirect: false,
  });
  // Files can only be read; another method gets a 405 with a message from the error handler below.
  app.use("/assets", (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return assets(req, res, next);
    res.set("Allow", "GET, HEAD");
    next(Object.assign(new Error(`${req.method} on a static file`), { status: 405 }));
  });
  const publicFiles = express.static("build/client", { maxAge: "1h", index: false, redirect: false });
  // The build's page files are never sent as they are (page-file-paths.ts): their pages are.
  // Nor are the loader data files prerendered beside them once the content changed since the
  // build (decision 039): React Router answers those from the content served.
  // Nor those of pages printing edition lines, which the build could not know (decision 076).
  const staleData = (pathname: string) =>
    pathname.endsWith(".data") && (!runtime.services.contentSync.servesBuild || isEditionPageData(pathname));
  app.use((req, res, next) => (namesHtmlFile(req.path) || staleData(req.path) ? next() : publicFiles(req, res, next)));
  app.use(serverApp.createApp(runtime.services));
}
// Errors passed on by Express, static files or handlers: a 4xx with a message, or a logged 500.
app.use(runtime.handleErrors);

// Public pages and public quote pages already in memory skip Express entirely: they are the
// bulk of public traffic. Everything else goes through the Express app above.
const servePrerendered = viteDevServer
  ? undefined
  : serverApp.prerenderedPages("build/client", {
      // Pages were prerendered with a placeholder origin: they get PUBLIC_URL's at each start.
      origin: { placeholder: serverApp.ORIGIN_PLACEHOLDER, value: serverApp.publicOrigin() },
      // The build compressed them already; reused when the origin is the same.
      precompressedDir: "build/nginx",
      // The marker on the pages' own inline scripts: only those are allowed (decision 029).
      scriptNonce: buildScriptMarker(),
      // The build's pages hold the build's content: once the studio publishes a change they
      // would be stale, and every page is rendered from the content served (decision 039),
      // then kept for that version of it.
      current: () => runtime.services.contentSync.servesBuild,
      rendered: {
        version: () => runtime.services.content.version,
        // Only the pages printing the catalogue PDF's size are rendered again when it is rebuilt.
        pageVersion: (pathname) =>
          PAGES_SHOWING_CATALOGUE_PDF.has(pathname) ? (runtime.services.cataloguePdf.served()?.etag ?? "") : undefined,
        isPage: (pathname) => serverApp.publicPagePaths(runtime.services.content).has(pathname),
      },
      // Pages printing edition lines are kept for one version of what they print (decision 076).
      // and the artwork page for the "Notify me" topic it offers (issue 41).
      live: (pathname) =>
        joinedVersions(
          editionPageVersion(pathname, runtime.services.editionAvailability),
          notifyTopicPageVersion(pathname, runtime.services.content, runtime.services.subscriptions),
        ),
    });
// The public quote list and the quote wall, from the services' cache and content (decision 066).
const quotesFromMemory = viteDevServer
  ? undefined
  : serverApp.publicQuotesFromMemory({
      publicQuotes: runtime.services.publicQuotes,
      content: runtime.services.content,
      production: true,
    });
// The edition lines open pages ask for every second, from the services' memory (decision 076).
const editionLines = viteDevServer
  ? undefined
  : serverApp.editionLinesFromMemory({
      content: runtime.services.content,
      editionAvailability: runtime.services.editionAvailability,
      production: true,
    });
/** The build's script marker, or the end of the process with a line saying what to do. */
function buildScriptMarker(): string {
  try {
    return readPrerenderScriptNonce("build/server");
  } catch (error) {
    runtime.logger.fatal((error as Error).message);
    console.error(`Umbra cannot start. ${(error as Error).message}`);
    process.exit(1);
  }
}
/**
 * Answers from memory when it can; `passOn` hands the request to the app later, when it waited
 * for another request's render of its page and that made nothing to share.
 */
function serveFromMemory(req: http.IncomingMessage, res: http.ServerResponse, passOn: () => void): boolean {
  if (!servePrerendered || !quotesFromMemory || !editionLines) return false;
  return servePrerendered(req, res, passOn) || quotesFromMemory(req, res, passOn) || editionLines(req, res);
}
function handleRequest(req: http.IncomingMessage, res: http.ServerResponse) {
  const started = process.hrtime.bigint();
  let passedOn = false;
  const passOn = () => {
    passedOn = true;
    app(req, res);
  };
  if (serveFromMemory(req, res, passOn)) {
    const { method, url } = req;
    const log = () =>
      logRequest(runtime.logger, { method, url, status: res.statusCode, started, finished: res.writableFinished });
    // A request waiting for another's render of its page is logged once answered (by the app's
    // own log line when passed on to it).
    if (res.writableEnded) log();
    else res.once("close", () => passedOn || log());
    return;
  }
  app(req, res);
}

// Timeouts, pipelining, requests per connection and connections per process bounded (decision 025).
const server = createSiteServer(handleRequest, { logger: runtime.logger });
answerParseErrors(server, { production: !DEVELOPMENT });
server.listen(PORT, HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : PORT;
  serverApp.setListeningPort(port);
  const shown = HOST === "0.0.0.0" || HOST === "::" ? "localhost" : HOST;
  const mode = DEVELOPMENT ? "development" : "production";
  runtime.logger.info({ port, mode }, `Umbra is serving on http://${shown}:${port} (${mode})`);
  // First-screen images derived in the background while the process is idle (decision 017).
  if (!DEVELOPMENT) serverApp.warmSiteImages(runtime.logger);
});
runtime.handleShutdown(server);
