import crypto from "node:crypto";

/**
 * The nonce entry.server puts on the inline scripts it renders while the build prerenders pages
 * (decision 029). Prerendered HTML is served to everyone, so this is no per-request nonce: it
 * is a marker, random for each build, by which the server (server/own-inline-scripts.ts) and
 * the nginx export tell the app's own scripts from anything else in the page. It hashes those,
 * allows them by hash, and removes the marker before a visitor sees the page. Content cannot
 * carry it: the files were read before it existed.
 *
 * react-router.config.ts starts it in the build process (where the prerender imports the server
 * bundle) and writes it to build/server/PRERENDER_SCRIPT_NONCE_FILE when the build ends.
 */
const KEY = Symbol.for("umbra.prerenderScriptNonce");
const store = globalThis as typeof globalThis & { [KEY]?: string };

/** The file under build/server holding the last build's marker (never served: not build/client). */
export const PRERENDER_SCRIPT_NONCE_FILE = "prerender-script-nonce";

/** Chooses this build's marker (once per process) and returns it. */
export function startPrerenderScriptNonce(): string {
  store[KEY] ??= crypto.randomBytes(18).toString("base64url");
  return store[KEY];
}

/** The marker while the build prerenders; undefined anywhere else (the server uses request nonces). */
export function prerenderScriptNonce(): string | undefined {
  return store[KEY];
}
