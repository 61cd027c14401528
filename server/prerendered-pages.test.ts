import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prerenderedPages, sameSiteLocation } from "./prerendered-pages.ts";

/** For the build's pages, which are never rendered: no request waits to be passed on. */
const noApp = () => {
  throw new Error("a build page was passed on to the app");
};

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
    const notFound = (res: http.ServerResponse) => res.writeHead(404).end();
    server = http.createServer((req, res) => {
      if (!serve(req, res, () => notFound(res))) notFound(res);
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
  const builtBrotli = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-precompressed-"));
    fs.mkdirSync(path.join(root, "client", "art"), { recursive: true });
    fs.writeFileSync(path.join(root, "client", "art", "index.html"), html);
    const copy = path.join(root, "nginx", "pages-0123456789ab", "art");
    fs.mkdirSync(copy, { recursive: true });
    fs.writeFileSync(path.join(copy, "index.html"), html);
    // At quality 5, so the test can tell the build's brotli file was sent rather than a fresh one.
    fs.writeFileSync(path.join(copy, "index.html.br"), builtBrotli);
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
    const handled = serve({ method: "GET", url: "/art", headers } as never, res as never, noApp);
    return { handled, ...sent };
  };

  it("sends the build's .br when the page's bytes are the same, and makes gzip and identity from it", () => {
    const serve = prerenderedPages(path.join(root, "client"), { precompressedDir: path.join(root, "nginx") });
    const gz = answer(serve, { "accept-encoding": "gzip" });
    expect(gz.headers?.["Content-Encoding"]).toBe("gzip");
    // Only the brotli body is held: gzip is made from it when a client asks.
    expect(zlib.gunzipSync(gz.body as Buffer).toString()).toBe(html);
    const br = answer(serve, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.headers?.["Content-Encoding"]).toBe("br");
    expect(br.headers?.["Content-Length"]).toBe(String(br.body?.length));
    expect(br.body?.equals(builtBrotli)).toBe(true);
    const etag = String(br.headers?.ETag);
    expect(answer(serve, { "if-none-match": etag }).status).toBe(304);
    // Only the brotli body is held; the identity one is made from it when asked.
    const plain = answer(serve, {});
    expect(plain.headers?.["Content-Encoding"]).toBeUndefined();
    expect(plain.body?.toString()).toBe(html);
    expect(plain.headers?.["Content-Length"]).toBe(String(Buffer.byteLength(html)));
  });

  it("compresses at once when the origin differs (quick brotli), then at the build's level", async () => {
    const serve = prerenderedPages(path.join(root, "client"), {
      precompressedDir: path.join(root, "nginx"),
      origin: { placeholder: "Umbra's", value: "Another's" },
    });
    const first = answer(serve, { "accept-encoding": "br" });
    expect(first.headers?.["Content-Encoding"]).toBe("br");
    const page = zlib.brotliDecompressSync(first.body as Buffer).toString();
    expect(page).toContain("Another's works");
    // Brotli 11 replaces the quick body once made: smaller, the same page.
    await expect
      .poll(() => (answer(serve, { "accept-encoding": "br" }).body?.length ?? 0) < (first.body?.length ?? 0))
      .toBe(true);
    const later = answer(serve, { "accept-encoding": "br" });
    expect(zlib.brotliDecompressSync(later.body as Buffer).toString()).toBe(page);
    // Identity and gzip are made again from the brotli body, the only one held.
    const gz = answer(serve, { "accept-encoding": "gzip" });
    expect(gz.headers?.["Content-Encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body as Buffer).toString()).toBe(page);
    expect(answer(serve, {}).body?.toString()).toBe(page);
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
    prerenderedPages(root, options)(
      { method: "GET", url: "/articles/moss", headers: {} } as never,
      res as never,
      noApp,
    );
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

describe("pages rendered for the published content", () => {
  let base = "";
  let server: http.Server;
  let version = 1;
  /** The served catalogue PDF's etag, which /cv alone prints (its size). */
  let pdfEtag = '"pdf-1"';
  const renders: string[] = [];
  // Random text compresses little, so a few pages reach the byte bound below.
  const filler = (seed: string) => crypto.createHash("sha512").update(seed).digest("hex").repeat(1).padEnd(128, "x");
  const pageOf = (pathname: string) =>
    `<!doctype html><title>${pathname}</title><p>version ${version}</p>${pathname === "/cv" ? `<p>PDF ${pdfEtag}</p>` : ""}${Array.from(
      { length: 160 },
      (_, i) => filler(`${pathname}${version}${i}`),
    ).join("")}`;

  beforeAll(async () => {
    const serve = prerenderedPages(fs.mkdtempSync(path.join(os.tmpdir(), "umbra-rendered-")), {
      production: true,
      current: () => false,
      rendered: {
        version: () => version,
        isPage: (pathname) => pathname === "/about" || pathname === "/cv" || pathname.startsWith("/art/"),
        pageVersion: (pathname) => (pathname === "/cv" ? pdfEtag : undefined),
      },
      maxBytes: 32 * 1024,
    });
    // The app: renders the page for the content of now.
    const app = (req: http.IncomingMessage, res: http.ServerResponse) => {
      renders.push(req.url ?? "");
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      if (req.headers.cookie) res.setHeader("Set-Cookie", "seen=1");
      res.end(pageOf(req.url ?? ""));
    };
    server = http.createServer((req, res) => {
      if (!serve(req, res, () => app(req, res))) app(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  const get = async (pathname: string, headers: Record<string, string> = {}) => {
    const response = await fetch(base + pathname, { headers: { "accept-encoding": "br", ...headers } });
    return { response, text: await response.text() };
  };
  const rendersOf = (pathname: string) => renders.filter((url) => url === pathname).length;
  /** Asks until the page comes from memory (compressing it follows its first render). */
  const untilKept = (pathname: string) =>
    expect.poll(async () => (await get(pathname)).response.headers.get("content-encoding")).toBe("br");

  it("renders a page on its first request, then answers it from memory, compressed", async () => {
    const first = await get("/about");
    expect(first.text).toContain("version 1");
    expect(rendersOf("/about")).toBe(1);
    await untilKept("/about");
    const rendered = rendersOf("/about");
    const later = await get("/about");
    expect(later.text).toBe(first.text);
    expect(later.response.headers.get("content-security-policy")).toContain("script-src");
    expect(rendersOf("/about")).toBe(rendered);
  });

  it("renders the page again once the content moved to a new version", async () => {
    await untilKept("/about");
    const rendered = rendersOf("/about");
    version = 2;
    try {
      expect((await get("/about")).text).toContain("version 2");
      expect(rendersOf("/about")).toBe(rendered + 1);
    } finally {
      version = 1;
    }
  });

  it("renders only the page printing the catalogue PDF again when the PDF is rebuilt", async () => {
    await untilKept("/about");
    await untilKept("/cv");
    const about = rendersOf("/about");
    const cv = rendersOf("/cv");
    pdfEtag = '"pdf-2"';
    try {
      expect((await get("/cv")).text).toContain('PDF "pdf-2"');
      expect(rendersOf("/cv")).toBe(cv + 1);
      // Every encoding of /cv is the new one, not a copy of the old page kept in another encoding.
      expect((await get("/cv", { "accept-encoding": "identity" })).text).toContain('PDF "pdf-2"');
      expect((await get("/about")).text).toContain("version 1");
      expect(rendersOf("/about")).toBe(about);
      await untilKept("/cv");
      const renderedAgain = rendersOf("/cv");
      expect((await get("/cv")).text).toContain('PDF "pdf-2"');
      expect(rendersOf("/cv")).toBe(renderedAgain);
    } finally {
      pdfEtag = '"pdf-1"';
    }
  });

  it("never keeps what a signed-in browser was rendered, nor an address that is not a page", async () => {
    for (let i = 0; i < 3; i++) await get("/art/moss", { cookie: "session=1" });
    expect(rendersOf("/art/moss")).toBe(3);
    for (let i = 0; i < 3; i++) await get("/admin");
    expect(rendersOf("/admin")).toBe(3);
  });

  it("keeps within its byte bound: the least recently asked for page is rendered again", async () => {
    version = 3;
    try {
      // Each page is ~10 KB compressed: five of them overflow 32 KB.
      for (const slug of ["a", "b", "c", "d", "e"]) await untilKept(`/art/${slug}`);
      const before = rendersOf("/art/a");
      await get("/art/a");
      expect(rendersOf("/art/a")).toBe(before + 1);
      const latest = rendersOf("/art/e");
      await get("/art/e");
      expect(rendersOf("/art/e")).toBe(latest);
    } finally {
      version = 1;
    }
  });
});

describe("the build's pages are read when first asked for", () => {
  it("reads nothing at start: a page written after it is served", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-lazy-"));
    try {
      const serve = prerenderedPages(root, { production: true });
      const sent: { status?: number; body?: Buffer } = {};
      const res = {
        writeHead: (status: number) => Object.assign(sent, { status }),
        end: (body?: Buffer) => Object.assign(sent, { body }),
      };
      expect(serve({ method: "GET", url: "/cv", headers: {} } as never, res as never, noApp)).toBe(false);
      fs.mkdirSync(path.join(root, "cv"));
      fs.writeFileSync(path.join(root, "cv", "index.html"), "<!doctype html><title>CV</title>");
      expect(serve({ method: "GET", url: "/cv", headers: {} } as never, res as never, noApp)).toBe(true);
      expect(sent.body?.toString()).toContain("<title>CV</title>");
      // Never a file outside the build's pages.
      expect(serve({ method: "GET", url: "/../etc", headers: {} } as never, res as never, noApp)).toBe(false);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
