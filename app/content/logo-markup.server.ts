import fs from "node:fs";
import path from "node:path";

/** A logo up to this size is drawn in the page itself; a larger one is worth its own request. */
export const MAX_INLINE_LOGO_BYTES = 2048;
/** Stands for each copy's own prefix in the markup's ids (site-logo.tsx fills it in). */
export const LOGO_ID_PREFIX = "__logo__";
// One of the site's own files at the top of public/ (as site.yaml names it): nothing else is read.
const SITE_SVG = /^\/[a-z0-9][a-z0-9._-]*\.svg$/i;
// What an inline copy could run or fetch: such a file stays an <img>.
const ACTIVE = /<script|<foreignObject|<!|<\?|\son[a-z]+\s*=|javascript:|(?:href|src)\s*=\s*["'](?!#)/i;

const markups = new Map<string, string | null>();

/**
 * The logo's SVG markup, for the header to draw in the page: a small SVG of the site's own. An
 * <img> of it paints only once its own request has come back and been decoded, after the text,
 * and on a page of short text blocks it is the largest paint (issue 20). Undefined for any other
 * logo (larger, another format, elsewhere, or with anything active), which stays an <img>.
 */
export function logoMarkup(src: string): string | undefined {
  let markup = markups.get(src);
  if (markup === undefined) {
    markup = readInlineSvg(src) ?? null;
    markups.set(src, markup);
  }
  return markup ?? undefined;
}

function readInlineSvg(src: string): string | undefined {
  if (!SITE_SVG.test(src)) return undefined;
  // The build's copy in build/client; development serves public/.
  for (const root of [path.join("build", "client"), "public"]) {
    let svg: Buffer;
    try {
      svg = fs.readFileSync(path.resolve(root, src.slice(1)));
    } catch {
      continue;
    }
    return svg.length > MAX_INLINE_LOGO_BYTES ? undefined : inlineSvg(svg.toString("utf8"));
  }
  return undefined;
}

/**
 * The file's <svg> element, decorative (the link around it names the brand), its ids and the
 * references to them marked with LOGO_ID_PREFIX so copies on one page never share an id.
 */
export function inlineSvg(file: string): string | undefined {
  // An XML declaration may come first; nothing else (a doctype could declare entities).
  const svg = file
    .replace(/^\s*<\?xml[^>]*\?>/, "")
    .trim()
    .replace(/\s+/g, " ");
  if (!svg.startsWith("<svg") || !svg.endsWith("</svg>") || ACTIVE.test(svg)) return undefined;
  return svg
    .replace(/^<svg([^>]*)>/, (_, attributes: string) => {
      const kept = attributes.replace(/\s(role|aria-[a-z]+|focusable)="[^"]*"/g, "");
      return `<svg${kept} aria-hidden="true" focusable="false">`;
    })
    .replace(/\sid="([^"]+)"/g, ` id="${LOGO_ID_PREFIX}$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${LOGO_ID_PREFIX}$1)`)
    .replace(/href="#([^"]+)"/g, `href="#${LOGO_ID_PREFIX}$1"`);
}
