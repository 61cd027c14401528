import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { getLogger } from "./observability/logger.server";
import { cspNonceContext } from "./security/csp-nonce-context";

export const streamTimeout = 5_000;

/** Errors React Router catches in loaders, actions and rendering: logged as JSON, not console. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  // A visitor who left mid-request is not an error.
  if (request.signal.aborted) return;
  getLogger().error({ err: error, method: request.method, path: new URL(request.url).pathname }, "request failed");
};

/**
 * React Router's default Node entry, plus the request's CSP nonce: ServerRouter puts it on
 * every inline script it renders (Scripts, ScrollRestoration, streamed data), so the policy
 * needs no 'unsafe-inline'. Prerendering has no request nonce; those pages are allowed by hash.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = readNonce(loadContext);

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and prerendering wait for all content.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
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
          if (shellRendered) getLogger().error({ err: error }, "rendering failed after the shell was sent");
        },
      },
    );
  });
}

function readNonce(loadContext: RouterContextProvider | undefined): string | undefined {
  try {
    return loadContext?.get(cspNonceContext);
  } catch {
    return undefined;
  }
}
