import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Long-lived state belongs to the composition root (server/services.ts), which builds it once
 * and hands it on through the router context, so a test builds its own (decision 066). This
 * walk finds the other kind: a store on `globalThis`, or a module-level `let`, in app/ and
 * server/ code (tests excepted). Each one left is listed here with why it stays; a new one
 * fails until it is owned by a service or argued for in the decision record and this list. An
 * entry whose state is gone fails too, so the list only shrinks.
 */
const ALLOWED: Record<string, string> = {
  // Per-page browser state: one page, one module instance; no server and no test shares it.
  "app/components/load-openseadragon.ts let loading": "browser: the viewer library is fetched once per page",
  "app/admin/nav/admin-events.ts let source": "browser: the studio page's one event stream",
  "app/admin/nav/admin-events.ts let closeTimer": "browser: the studio page's one event stream",
  "app/admin/nav/admin-events.ts let latestCounts": "browser: the studio page's one event stream",
  "app/seo/site-origin.ts let fromDocument": "browser: the canonical origin read from the page once",
  // Memoised values of constant input: the same answer however often asked, nothing to reset.
  "app/config/env.server.ts let cached": "the validated environment, read once per process",
  "app/auth/device-cookie.server.ts let derivedKey": "a key derived from AUTH_SECRET (a KDF per call is slow)",
  "app/rooms/room-access.server.ts let derivedKey": "a key derived from AUTH_SECRET (a KDF per call is slow)",
  "app/rooms/room-token.server.ts let derivedKey": "a key derived from AUTH_SECRET (a KDF per call is slow)",
  "app/enquiries/form-token.server.ts let derivedKey": "a key derived from AUTH_SECRET (a KDF per call is slow)",
  "app/images/pyramid-child.ts let sharpPath": "where sharp is installed, resolved once",
  "app/images/encoder-child.ts let sharpPath": "where sharp is installed, resolved once",
  "app/content/content-store.server.ts let bundledStore": "the build's documents, parsed once",
  // Still to be owned by the services (decision 066, what is left).
  "app/images/encoder-child.ts let child": "the encoder child process: one per process, to become a service",
  "app/images/encoder-child.ts let nextId": "the encoder child process: one per process, to become a service",
  "app/images/encoder-child.ts let idleTimer": "the encoder child process: one per process, to become a service",
  "app/images/encoder-lanes.ts let maxWaiting": "the encoder's queues: with the encoder service",
  "app/images/encoder-lanes.ts let running": "the encoder's queues: with the encoder service",
  "app/images/encoder-lanes.ts let runningBackground": "the encoder's queues: with the encoder service",
  "app/observability/disk-full-log.server.ts let last": "the last full disk, read by /readyz: with the logger",
  "app/content/site-settings.server.ts let cached": "the settings mail and sign-in name: read outside a request",
  "app/content/site-settings.server.ts let published": "the settings mail and sign-in name: read outside a request",
  "app/uploads/uploaded-originals.ts let processOriginals": "uploaded originals: read by image routes and panels",
  "app/uploads/original-store.server.ts let store": "the original store: read by routes and scripts",
  "app/site-images/site-images.ts let images": "the image route: shared by /img and the warm-up",
  "app/site-images/site-images.ts let deepZoom": "the zoom route: shared by /img/zoom and the warm-up",
  "app/config/public-origin.server.ts globalThis": "the listening port (PORT=0): read by better-auth and origin checks",
  "app/observability/logger.server.ts globalThis": "the logger: read outside a request (better-auth, outage notes)",
  "app/seo/site-origin.ts globalThis": "the public origin: read by meta functions, which get no context",
  "app/security/prerender-script-nonce.ts globalThis":
    "build process only: passes the marker from config to the bundle",
};

const ROOTS = ["app", "server"];
const SOURCE = /\.(ts|tsx)$/;
const NOT_SOURCE = /\.test\.(ts|tsx)$|\.d\.ts$/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return SOURCE.test(entry.name) && !NOT_SOURCE.test(entry.name) ? [file] : [];
  });
}

/** `path let name` for each module-level let, `path globalThis` for a store on globalThis. */
function moduleState(file: string, text: string): string[] {
  const found = [...text.matchAll(/^(?:export )?let (\w+)/gm)].map((match) => `${file} let ${match[1]}`);
  if (/globalThis\s+as\b|globalThis\.__|globalThis\[/.test(text)) found.push(`${file} globalThis`);
  return found;
}

describe("module state outside the composition root (decision 066)", () => {
  const found = ROOTS.flatMap(sourceFiles).flatMap((file) =>
    moduleState(file.split(path.sep).join("/"), fs.readFileSync(file, "utf8")),
  );

  it("finds no store on globalThis and no module-level let but the listed ones", () => {
    expect(found.filter((entry) => !(entry in ALLOWED))).toEqual([]);
  });

  it("lists nothing that is gone", () => {
    expect(Object.keys(ALLOWED).filter((entry) => !found.includes(entry))).toEqual([]);
  });

  it("catches a new one", () => {
    expect(moduleState("x.ts", "let cache: string | undefined;\n")).toEqual(["x.ts let cache"]);
    expect(moduleState("x.ts", "const store = globalThis as typeof globalThis & { a?: 1 };")).toEqual([
      "x.ts globalThis",
    ]);
  });
});
