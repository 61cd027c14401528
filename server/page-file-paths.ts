import path from "node:path";

// The build writes each prerendered page as <page>/index.html, with a placeholder origin in its
// links and no Content-Security-Policy of its own: what a visitor gets is the page at its clean
// URL, prepared at start (prerendered-pages.ts). The file itself is never sent (decision 030).

/** The page a page file's path stands for: `/about/index.html` is `/about`, `/index.html` is "". */
export function pageOfPageFile(pathname: string): string | undefined {
  return /^(.*)\/index\.html$/i.exec(pathname)?.[1];
}

/**
 * Whether a request path names an HTML file once decoded and normalised as a static file server
 * reads it (`/about/index%2Ehtml`, `/about/x/../index.html`), so none slips past as a file.
 */
export function namesHtmlFile(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Not a path the static files answer either (a 400 there).
    return false;
  }
  return /\.html?$/i.test(path.posix.normalize(decoded).replace(/\/+$/, ""));
}
