import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prerenderedPages, sameSiteLocation } from "./prerendered-pages.ts";

describe("sameSiteLocation", () => {
  it("drops trailing slashes", () => {
    expect(sameSiteLocation("/about/")).toBe("/about");
    expect(sameSiteLocation("/art/the-source/")).toBe("/art/the-source");
    expect(sameSiteLocation("/about///")).toBe("/about");
  });

  it("never makes a protocol-relative address out of leading slashes or backslashes", () => {
    for (const pathname of ["//evil.example/", "///evil/", "/\\evil.example/", "/\\/evil.example/", "\\\\evil/"]) {
      expect(sameSiteLocation(pathname), pathname).toMatch(/^\/(?![/\\])/);
    }
    expect(sameSiteLocation("//evil.example/")).toBe("/evil.example");
    expect(sameSiteLocation("//")).toBe("/");
  });
});

describe("prerendered pages", () => {
  let base = "";
  let server: http.Server;
  let root = "";
  // Whether the content served is still the build's (decision 039).
  let current = true;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-prerendered-"));
    fs.mkdirSync(path.join(root, "about"));
    fs.writeFileSync(path.join(root, "about", "index.html"), "<!doctype html><title>About</title>");
    const serve = prerenderedPages(root, { production: true, current: () => current });
    server = http.createServer((req, res) => {
      if (!serve(req, res)) res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const get = (pathname: string) =>
    new Promise<http.IncomingMessage>((resolve, reject) => {
      // node:http, not fetch: fetch would normalise `//evil.example/` before sending it.
      http.get(`${base}${pathname}`, { path: pathname }, resolve).on("error", reject);
    });

  it("redirects a trailing slash on this site, with the security headers", async () => {
    const response = await get("/about/?x=1");
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe("/about?x=1");
    expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(response.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("stops sending the build's page once the content changed, and still redirects to clean URLs", async () => {
    expect((await get("/about")).statusCode).toBe(200);
    current = false;
    try {
      // 404 here is this test server's "not answered": the app renders the page instead.
      expect((await get("/about")).statusCode).toBe(404);
      expect((await get("/about/")).headers.location).toBe("/about");
    } finally {
      current = true;
    }
  });

  it("does not redirect //evil.example/ to another site", async () => {
    const response = await get("//evil.example/");
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe("/evil.example");
  });

  it("sends a page's build file, /about/index.html or /index.html, to the page's clean URL", async () => {
    for (const [file, page] of [
      ["/about/index.html", "/about"],
      ["/about/index.html?x=1", "/about?x=1"],
      ["/index.html", "/"],
      ["//evil.example/index.html", "/evil.example"],
    ]) {
      const response = await get(file as string);
      expect(response.statusCode, file).toBe(301);
      expect(response.headers.location, file).toBe(page);
    }
  });
});

describe("prerendered pages compressed at build", () => {
  let root = "";
  const html = `<!doctype html><title>Art</title><p>${"Umbra's works, one card after another. ".repeat(200)}</p>`;

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-precompressed-"));
    fs.mkdirSync(path.join(root, "client", "art"), { recursive: true });
    fs.writeFileSync(path.join(root, "client", "art", "index.html"), html);
    const copy = path.join(root, "nginx", "pages-0123456789ab", "art");
    fs.mkdirSync(copy, { recursive: true });
    fs.writeFileSync(path.join(copy, "index.html"), html);
    // Stand-ins, so the test can tell the build's files were sent rather than fresh ones.
    fs.writeFileSync(path.join(copy, "index.html.br"), zlib.brotliCompressSync(html));
    fs.writeFileSync(path.join(copy, "index.html.gz"), zlib.gzipSync(`${html}<!-- build -->`));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const answer = (serve: ReturnType<typeof prerenderedPages>, headers: Record<string, string>) => {
    const sent: { status?: number; headers?: Record<string, string>; body?: Buffer } = {};
    const res = {
      writeHead(status: number, head: Record<string, string>) {
        sent.status = status;
        sent.headers = head;
        return this;
      },
      end(body?: Buffer) {
        sent.body = body;
      },
    };
    const handled = serve({ method: "GET", url: "/art", headers } as never, res as never);
    return { handled, ...sent };
  };

  it("sends the build's .br and .gz when the page's bytes are the same", () => {
    const summaries: unknown[] = [];
    const serve = prerenderedPages(path.join(root, "client"), {
      precompressedDir: path.join(root, "nginx"),
      onCompressed: (summary) => summaries.push(summary),
    });
    expect(summaries).toEqual([{ reused: 1, compressed: 0, ms: 0 }]);
    const gz = answer(serve, { "accept-encoding": "gzip" });
    expect(gz.headers?.["Content-Encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body as Buffer).toString()).toBe(`${html}<!-- build -->`);
    const br = answer(serve, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.headers?.["Content-Encoding"]).toBe("br");
    expect(br.headers?.["Content-Length"]).toBe(String(br.body?.length));
    const etag = String(br.headers?.ETag);
    expect(answer(serve, { "if-none-match": etag }).status).toBe(304);
    // Only the brotli body is held; the identity one is read from the build's copy when asked.
    const plain = answer(serve, {});
    expect(plain.headers?.["Content-Encoding"]).toBeUndefined();
    expect(plain.body?.toString()).toBe(html);
    expect(plain.headers?.["Content-Length"]).toBe(String(Buffer.byteLength(html)));
  });

  it("compresses in the background when the origin differs, sending identity meanwhile", async () => {
    let compressed: (summary: unknown) => void = () => {};
    const done = new Promise((resolve) => {
      compressed = resolve;
    });
    const serve = prerenderedPages(path.join(root, "client"), {
      precompressedDir: path.join(root, "nginx"),
      origin: { placeholder: "Umbra's", value: "Another's" },
      onCompressed: (summary) => compressed(summary),
    });
    const first = answer(serve, { "accept-encoding": "br" });
    expect(first.headers?.["Content-Encoding"]).toBeUndefined();
    expect(first.body?.toString()).toContain("Another's works");
    expect(await done).toMatchObject({ reused: 0, compressed: 1 });
    const later = answer(serve, { "accept-encoding": "br" });
    expect(later.headers?.["Content-Encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(later.body as Buffer).toString()).toContain("Another's works");
    // Identity and gzip are made again from the brotli body, the only one held from now on.
    const gz = answer(serve, { "accept-encoding": "gzip" });
    expect(gz.headers?.["Content-Encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body as Buffer).toString()).toBe(first.body?.toString());
    expect(answer(serve, {}).body?.toString()).toBe(first.body?.toString());
  });
});

describe("prerendered pages' Content-Security-Policy", () => {
  const marker = "build-marker-4f1";
  const own = 'window.__reactRouterContext = {"url":"https://public-origin.umbra.invalid/art"};';
  const injected = "window.__injected=1";
  let root = "";

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-prerendered-csp-"));
    fs.mkdirSync(path.join(root, "articles", "moss"), { recursive: true });
    // A page whose content brought a script into the build, beside the app's own marked one.
    fs.writeFileSync(
      path.join(root, "articles", "moss", "index.html"),
      `<!doctype html><main><p>Moss</p><script>${injected}</script></main><script nonce="${marker}">${own}</script>`,
    );
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const served = (options: Parameters<typeof prerenderedPages>[1]) => {
    const sent: { headers?: Record<string, string>; body?: Buffer } = {};
    const res = {
      writeHead: (_status: number, headers: Record<string, string>) => Object.assign(sent, { headers }),
      end: (body?: Buffer) => Object.assign(sent, { body }),
    };
    prerenderedPages(root, options)({ method: "GET", url: "/articles/moss", headers: {} } as never, res as never);
    return { policy: String(sent.headers?.["Content-Security-Policy"]), html: String(sent.body) };
  };
  const sha256 = (text: string) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;

  it("allows the app's own scripts by hash (origin filled in), never one that got into the page", () => {
    const origin = { placeholder: "https://public-origin.umbra.invalid", value: "https://umbra.example" };
    const { policy, html } = served({ scriptNonce: marker, origin });
    expect(policy).toContain(sha256(own.replace(origin.placeholder, origin.value)));
    expect(policy).not.toContain(sha256(injected));
    expect(html).not.toContain(marker);
  });

  it("allows no inline script at all without the build's marker", () => {
    const { policy } = served({});
    expect(policy).toContain("script-src 'self';");
  });
});
