import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PRERENDER_SCRIPT_NONCE_FILE } from "#app/security/prerender-script-nonce.ts";

export interface OwnScripts {
  /** The page without the nonce: a page served to everyone must not hand it out. */
  html: string;
  /** `'sha256-…'` sources for the app's own inline scripts, for contentSecurityPolicy(). */
  scriptHashes: string[];
}

/**
 * The CSP allowance for HTML the app rendered itself (decision 029): the inline scripts that
 * carry `nonce` (entry.server put it on every script React and React Router wrote) are allowed
 * by their sha256 hash, and the nonce attribute is removed. Any other inline script, such as one
 * that came in with content, is not hashed, so the browser refuses to run it.
 *
 * The page is read as the browser reads it: a script's text runs to the first `</script`, and
 * a start tag inside another script's text is text. A marked tag swallowed by an unclosed
 * injected `<script>` is therefore not allowed either (the page fails closed).
 */
export function allowOwnScripts(html: string, nonce: string): OwnScripts {
  const marker = ` nonce="${nonce}"`;
  const scriptHashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)(?:<\/script[\s/>]|$)/gi)) {
    if (attributes.includes(marker) && !/\ssrc\s*=/i.test(attributes)) scriptHashes.add(sha256Source(text));
  }
  // React Router also puts it on the stylesheet links.
  return { html: html.replaceAll(marker, ""), scriptHashes: [...scriptHashes] };
}

function sha256Source(text: string): string {
  return `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/**
 * The marker the last build put on its prerendered pages' own scripts (build/server). Missing,
 * the build predates decision 029 and its pages' scripts could not be told from injected ones.
 */
export function readPrerenderScriptNonce(serverBuildDir: string): string {
  const file = path.join(serverBuildDir, PRERENDER_SCRIPT_NONCE_FILE);
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOENT") throw new Error(`Cannot read ${file} (${code}): the build's script marker.`);
    throw new Error(`${file} is missing: the build is older than this server. Run "npm run build".`);
  }
}
