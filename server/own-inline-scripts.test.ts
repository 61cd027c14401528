import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { allowOwnScripts, readPrerenderScriptNonce } from "./own-inline-scripts.ts";
import { contentSecurityPolicy } from "./security-headers.ts";

const NONCE = "build-marker-Zq3";
const hashOf = (text: string) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;

const ownContext = 'window.__reactRouterContext = {"basename":"/"};';
const ownRuntime = '$RC("B:1","S:1")';
const injected = "document.title='pwned';window.__injected=1";

/** A page as the build writes it: the app's scripts marked, and a script that came in with content. */
const page = [
  `<!doctype html><html><head><title>Moss</title><link nonce="${NONCE}" rel="stylesheet" href="/a.css"/>`,
  '<script type="application/ld+json">{"@type":"VisualArtwork"}</script></head><body><main>',
  `<article><p>Text</p><script>${injected}</script><img src=x onerror="window.__injected=2"></article></main>`,
  '<script src="/assets/site-header.script-abc.js" defer=""></script>',
  `<script nonce="${NONCE}">${ownContext}</script>`,
  `<script nonce="${NONCE}" type="text/x-deferred-module" data-preload="/assets/a.js">import "/assets/a.js";</script>`,
  `<script nonce="${NONCE}" id="_R_">${ownRuntime}</script>`,
  "</body></html>",
].join("");

describe("allowOwnScripts", () => {
  it("allows the app's marked scripts by hash and never a script that came in with the content", () => {
    const { scriptHashes } = allowOwnScripts(page, NONCE);
    expect(scriptHashes).toEqual([hashOf(ownContext), hashOf('import "/assets/a.js";'), hashOf(ownRuntime)]);
    const policy = contentSecurityPolicy(scriptHashes);
    expect(policy).not.toContain(hashOf(injected));
    const scriptSrc = policy.split("; ").find((directive) => directive.startsWith("script-src "));
    expect(scriptSrc).toBe(`script-src 'self' ${scriptHashes.join(" ")}`);
  });

  it("removes the marker, so a page served to everyone does not hand it out", () => {
    const { html } = allowOwnScripts(page, NONCE);
    expect(html).not.toContain(NONCE);
    expect(html).toContain(`<script>${ownContext}</script>`);
    expect(html).toContain('<script id="_R_">');
    // Everything else is left exactly as it was.
    expect(html).toContain(`<script>${injected}</script>`);
    expect(html.length).toBe(page.length - 4 * ` nonce="${NONCE}"`.length);
  });

  it("does not allow a marked script that an injected, unclosed <script> swallowed (as the browser reads it)", () => {
    const swallowing = `<p>x</p><script>${injected};/*<p>more</p><script nonce="${NONCE}">${ownContext}</script>`;
    expect(allowOwnScripts(swallowing, NONCE).scriptHashes).toEqual([]);
  });

  it("allows nothing when no script carries the marker, as for a page with a guessed one", () => {
    const guessed = `<script nonce="guess">${injected}</script><script nonce="${NONCE}x">${injected}</script>`;
    expect(allowOwnScripts(guessed, NONCE).scriptHashes).toEqual([]);
  });
});

describe("readPrerenderScriptNonce", () => {
  it("reads the build's marker, and says to build again when the build has none", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-marker-"));
    try {
      expect(() => readPrerenderScriptNonce(dir)).toThrow(/prerender-script-nonce is missing: .*Run "npm run build"/);
      fs.writeFileSync(path.join(dir, "prerender-script-nonce"), `${NONCE}\n`);
      expect(readPrerenderScriptNonce(dir)).toBe(NONCE);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
