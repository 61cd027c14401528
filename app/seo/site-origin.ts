import { ORIGIN_PLACEHOLDER } from "./origin-placeholder.js";

/**
 * The origin that canonical links, Open Graph URLs and JSON-LD name. It comes from PUBLIC_URL,
 * which can change with a restart, while pages are prerendered once at build: so the build
 * writes this placeholder, and the server puts its configured origin in its place when it loads
 * the prerendered pages (server/prerendered-pages.ts). `.invalid` never resolves, by RFC 2606.
 */
export { ORIGIN_PLACEHOLDER } from "./origin-placeholder.js";

const store = globalThis as typeof globalThis & { __umbraSiteOrigin?: () => string };

/** Called once by the server at start (server/runtime.ts); never during the build's prerender. */
export function setSiteOrigin(origin: () => string): void {
  store.__umbraSiteOrigin = origin;
}

/**
 * On the server, the configured public origin (the placeholder while prerendering). In the
 * browser, the origin the server wrote into the page's canonical link: the page may be reached
 * under another name (an IP address, www.), and the browser must name the same origin as the
 * server did, or hydration would add a second, different canonical link.
 */
export function siteOrigin(): string {
  if (typeof window !== "undefined") return browserOrigin();
  return store.__umbraSiteOrigin?.() ?? ORIGIN_PLACEHOLDER;
}

let fromDocument: string | undefined;
function browserOrigin(): string {
  if (!fromDocument) {
    const href = document.querySelector('link[rel="canonical"]')?.getAttribute("href");
    fromDocument = href && URL.canParse(href) ? new URL(href).origin : window.location.origin;
  }
  return fromDocument;
}
