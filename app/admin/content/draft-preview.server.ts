import { createRequestHandler, type RouterContextProvider as Provider, RouterContextProvider } from "react-router";
import { clientIpContext } from "#app/auth/client-ip-context.ts";
import { type ContentSnapshot, ContentStore, contentStoreContext } from "#app/content/content-store.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { loggerContext } from "#app/observability/context.ts";
import { publicQuoteCacheContext } from "#app/quotes/public-quote-cache.server.ts";
import { adminEventsContext } from "#app/realtime/context.ts";
import { cspNonceContext } from "#app/security/csp-nonce-context.ts";
import { ownEntry } from "#app/security/own-entry.ts";

/**
 * A draft's preview (decision 042): the public page the draft's document makes, rendered by the
 * site's own routes for this one request from a store holding the site with the draft applied.
 * Nothing else sees that store: the process's store, its caches and every other request are
 * untouched. The page is sent without its scripts (it is shown at an /admin address the browser
 * router does not know as that page), never stored, not indexed, under a "Preview of a draft"
 * banner.
 */

const PAGE_PATHS: Record<string, string> = {
  home: "/",
  about: "/about",
  art: "/art",
  articles: "/articles",
  contact: "/contact",
  cv: "/cv",
  exhibitions: "/exhibitions",
  interviews: "/interviews",
  merch: "/merch",
  prices: "/prices",
  quotes: "/quotes",
  // The 404 page's words, shown at an address that has no page.
  "not-found": "/this-page-does-not-exist",
};

/** The public address that shows a document, or undefined (page-image lists have none of their own). */
export function publicPathOf(path: string): string | undefined {
  if (path === "site.yaml") return "/";
  const [folder, file = ""] = path.split("/");
  const name = file.replace(/\.(ya?ml|md)$/, "");
  switch (folder) {
    case "pages":
      return ownEntry(PAGE_PATHS, name);
    case "works":
      return `/art/${name}`;
    case "exhibitions":
    case "articles":
    case "interviews":
      return `/${folder}/${name}`;
    default:
      return undefined;
  }
}

/** The request's services, for the preview's own request: everything but the content store. */
function previewContext(context: Readonly<Provider>, snapshot: ContentSnapshot): RouterContextProvider {
  const preview = new RouterContextProvider();
  preview.set(databaseContext, context.get(databaseContext));
  preview.set(adminEventsContext, context.get(adminEventsContext));
  preview.set(publicQuoteCacheContext, context.get(publicQuoteCacheContext));
  preview.set(loggerContext, context.get(loggerContext));
  preview.set(cspNonceContext, context.get(cspNonceContext));
  preview.set(clientIpContext, context.get(clientIpContext));
  preview.set(contentStoreContext, new ContentStore(snapshot));
  return preview;
}

export async function renderPreview(
  request: Request,
  context: Readonly<Provider>,
  input: { snapshot: ContentSnapshot; publicPath: string; documentPath: string; note?: string },
): Promise<Response> {
  const build = await import("virtual:react-router/server-build");
  const handler = createRequestHandler(build);
  const url = new URL(input.publicPath, request.url);
  const page = await handler(
    new Request(url, { headers: { accept: "text/html", "user-agent": request.headers.get("user-agent") ?? "" } }),
    previewContext(context, input.snapshot),
  );
  const html = withBanner(stripScripts(await page.text()), input.documentPath, input.note);
  const headers = new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Robots-Tag": "noindex, nofollow",
  });
  return new Response(html, { status: page.status === 404 ? 200 : page.status, headers });
}

/** The page without its JavaScript: the browser's router would not know this address as the page. */
function stripScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function withBanner(html: string, documentPath: string, note?: string): string {
  const path = escapeHtml(documentPath);
  const banner =
    `<div role="status" data-preview-banner style="position:fixed;bottom:0;left:0;right:0;z-index:1000;box-shadow:0 -2px 12px rgb(0 0 0 / 0.4);background:#f3c969;color:#14110d;padding:0.75rem 1rem;font:600 1rem/1.4 system-ui,sans-serif;display:flex;flex-wrap:wrap;gap:0.5rem 1.5rem;align-items:center">` +
    `<span>Preview of a draft of ${path}: not on the public site until it is published.${note ? ` ${escapeHtml(note)}` : ""}</span>` +
    `<a href="/admin/content/${path}" style="color:inherit;min-height:2.75rem;display:inline-flex;align-items:center">Back to the editor</a></div>`;
  return html
    .replace(
      /<head>/i,
      '<head><meta name="robots" content="noindex, nofollow"><style>body{padding-bottom:5rem}</style>',
    )
    .replace(/<body([^>]*)>/i, (body) => `${body}${banner}`);
}
