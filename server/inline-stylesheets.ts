import fs from "node:fs";
import path from "node:path";

const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/assets\/[^"<>]+\.css)"\/>/g;

/**
 * Puts a prerendered page's stylesheets into the page itself, so the first paint waits for one
 * response instead of one per stylesheet (three to seven here, render-blocking on a slow link).
 * Each `<link rel="stylesheet">` keeps its place, gains `disabled` (the browser then neither
 * fetches nor applies it) and is preceded by a `<style>` with the file's text, so the cascade
 * order is unchanged. The link stays because React hydrates <head> on pages that start React:
 * it finds the element it rendered and leaves the extra attribute and <style> alone.
 * `readStylesheet` returns a file's text, or undefined to leave that link as it is.
 */
export function inlineStylesheets(html: string, readStylesheet: (href: string) => string | undefined): string {
  return html.replace(STYLESHEET_LINK, (link, href: string) => {
    const css = readStylesheet(href);
    if (css === undefined || /<\/style/i.test(css)) return link;
    return `<style>${css}</style><link rel="stylesheet" href="${href}" disabled=""/>`;
  });
}

/** Reads stylesheets from the client build, once each. */
export function stylesheetReader(clientDir: string): (href: string) => string | undefined {
  const cache = new Map<string, string | undefined>();
  return (href: string) => {
    if (!cache.has(href)) {
      const file = path.join(clientDir, href);
      cache.set(href, file.startsWith(clientDir) && fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined);
    }
    return cache.get(href);
  };
}
