import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { redactSecretPath } from "#app/security/secret-paths.ts";
import { ScriptNonceContext } from "./components/inline-script.tsx";
import { LogoMarkupContext } from "./components/site-logo.tsx";
import { contentStoreContext } from "./content/content-store.server.ts";
import { logoMarkup } from "./content/logo-markup.server.ts";
import { OUTAGE_RETRY_AFTER_SECONDS } from "./http/outage-answers.server.ts";
import { getLogger } from "./observability/logger.server.ts";
import { cspNonceContext } from "./security/csp-nonce-context.ts";
import { prerenderScriptNonce } from "./security/prerender-script-nonce.ts";

export const streamTimeout = 5_000;

/**
 * React Router's default Node entry, plus the request's CSP nonce: ServerRouter and React put
 * it on every inline script they render (Scripts, ScrollRestoration, streamed data, React's own
 * runtime), so the policy needs no 'unsafe-inline'. Prerendering has no request: its scripts get
 * the build's marker instead, and the server allows exactly the marked ones by hash (decision 029).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // An outage page (the database unreachable: 503, the disk full: 507) is never cached, and a 503
  // says when to come back, whichever route's headers it was rendered with.
  if (responseStatusCode === 503 || responseStatusCode === 507) {
    responseHeaders.set("Cache-Control", "no-store");
    if (responseStatusCode === 503 && !responseHeaders.has("Retry-After")) {
      responseHeaders.set("Retry-After", String(OUTAGE_RETRY_AFTER_SECONDS));
    }
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = readNonce(loadContext) ?? prerenderScriptNonce();

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and prerendering wait for all content.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <ScriptNonceContext.Provider value={nonce}>
        <LogoMarkupContext.Provider value={logoMarkup(loadContext.get(contentStoreContext).siteSettings().logo.src)}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </LogoMarkupContext.Provider>
      </ScriptNonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logError(error, request);
        },
      },
    );
  });
}

/**
 * Errors React Router caught in a loader or action. Thrown Responses (4xx answers such as a
 * malformed form) are answers, not errors, and never come here; a request its client abandoned
 * is not worth a line. What React Router itself refuses as the client's mistake is logged at
 * warn: the request was bad, the server is fine.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const status = clientErrorStatus(error);
  if (status === undefined) return logError(error, request);
  const reason = isRouteErrorResponse(error) ? String(error.data) : (error as Error).message;
  getLogger().warn({ method: request.method, path: pathOf(request), status, reason }, "request refused");
};

// React Router's own refusals: its 4xx error responses (a method no action takes), and the plain
// Errors its action Origin check reports (answered 400): "… Aborting the action." for a document
// request, "Bad Request" for a single-fetch (.data) one.
function clientErrorStatus(error: unknown): number | undefined {
  if (isRouteErrorResponse(error)) return error.status < 500 ? error.status : undefined;
  if (error instanceof Error && /Aborting the action\.$|^Bad Request$/.test(error.message)) return 400;
  return undefined;
}

/** One JSON log line at error, like every other server failure (app/observability). */
function logError(error: unknown, request: Request) {
  getLogger().error({ err: error, method: request.method, path: pathOf(request) }, "request failed");
}

/** The path as logged: a room link's token never (secret-paths.ts). */
function pathOf(request: Request): string {
  return redactSecretPath(new URL(request.url).pathname);
}

function readNonce(loadContext: RouterContextProvider | undefined): string | undefined {
  try {
    return loadContext?.get(cspNonceContext);
  } catch {
    return undefined;
  }
}
