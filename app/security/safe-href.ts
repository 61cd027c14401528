/**
 * Which link addresses content may hold (decision 029): http(s) and mailto, or an address on
 * this site (`/art/moss`, `#notes`, `moss`). Never javascript:, data:, vbscript: or any other
 * scheme, and never `//host` (another site, without saying so). Shared by the content checks at
 * build, the sanitiser (content-html.server.ts) and the components that render content links,
 * so small and free of dependencies: it also runs in the browser.
 */
export const SAFE_LINK_SCHEMES = ["http", "https", "mailto"] as const;

export function isSafeHref(href: string): boolean {
  // Browsers drop ASCII whitespace and control characters inside a scheme ("java\tscript:").
  // biome-ignore lint/suspicious/noControlCharactersInRegex: those characters are what it removes
  const compact = href.replace(/[\u0000-\u0020\u007f]/g, "");
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  if (scheme !== undefined) return (SAFE_LINK_SCHEMES as readonly string[]).includes(scheme);
  // A colon before any / ? # would still be read as a scheme by some parsers: refuse it.
  if (/^[^/?#]*:/.test(compact)) return false;
  return !/^[/\\]{2}/.test(compact) && !/^\/\\/.test(compact);
}
