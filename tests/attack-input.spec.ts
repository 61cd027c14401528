import { expect, test } from "@playwright/test";
import { adminCookie, expectSecurityHeaders, useOwnServer } from "./support/hostile-requests.ts";
import { describeRequest, type MalformedRequest, malformedRequests } from "./support/malformed-requests.ts";
import { type RawResponse, sendOnSocket, sendRaw } from "./support/raw-http.ts";

const FUZZ_SEED = 20_251_111;

// Hostile input against a server of its own (fresh data folder), so nothing here disturbs the
// shared server other specs use. Security issue 11: open redirects, 5xx on bad input, security
// headers on every answer (body limits: tests/process/attack-bodies.test.ts).
test.describe.configure({ mode: "serial", timeout: 240_000 });

test.describe("hostile input", { tag: "@desktop" }, () => {
  const ownServer = useOwnServer();

  test("no address makes the site redirect to another site", async () => {
    const attempts = [
      "//evil.example/",
      "//evil.example",
      "//evil.example/path/",
      "/\\evil.example/",
      "/\\/evil.example/",
      "/%2F%2Fevil.example/",
      "/%2f/evil.example/",
      "/%5C%5Cevil.example/",
      "///evil/",
      "////evil.example//",
      "//evil.example/?q=1",
      "/about/",
      "/about//",
      "/art/?chain=eth",
      "/assets",
      "/assets/",
      "/assets//evil.example/",
      "/img/",
      "/admin/security",
      "/admin/quotes/?x=//evil.example",
    ];
    const locations: string[] = [];
    for (const attempt of attempts) {
      for (const method of ["GET", "HEAD"]) {
        const response = await sendRaw(ownServer().url, { method, path: attempt });
        expect(response.status, `${method} ${attempt}`).toBeLessThan(500);
        const location = response.headers.location;
        if (location === undefined) continue;
        locations.push(`${attempt} -> ${location}`);
        // Same-site: one slash, then anything but another slash or a backslash.
        expect(location, `${method} ${attempt} redirects to ${location}`).toMatch(/^\/(?![/\\])/);
        expect(new URL(location, ownServer().url).origin).toBe(ownServer().url);
      }
    }
    // The trailing-slash redirect still works for real pages.
    expect(locations).toContain("/about/ -> /about");
    // The assets folder is not a page: no redirect (it used to loop /assets -> /assets/ -> /assets).
    expect((await sendRaw(ownServer().url, { method: "GET", path: "/assets" })).status).toBe(404);
    expectSecurityHeaders(
      await sendRaw(ownServer().url, { method: "GET", path: "/about/" }),
      "trailing-slash redirect",
    );
  });

  test("requests no HTTP client library would send get a 4xx, not a 5xx or silence", async () => {
    const form = `Content-Type: application/x-www-form-urlencoded\r\nOrigin: ${ownServer().url}`;
    const cases: [string, number | "redirect"][] = [
      ["GET /quotes HTTP/1.0\r\n\r\n", 400],
      ["GET /about HTTP/1.0\r\n\r\n", 200],
      [`POST /admin/quotes HTTP/1.0\r\n${form}\r\nContent-Length: 12\r\n\r\nintent=login`, 400],
      ["GET /api/quotes HTTP/1.1\r\nHost: [\r\nConnection: close\r\n\r\n", 400],
      ["GET /quotes HTTP/1.1\r\nHost: a%00b\r\nConnection: close\r\n\r\n", 400],
      ["GET http://evil.example/quotes HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", 400],
      ["GET http://evil.example/about/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", "redirect"],
      ["OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", 400],
      ["GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: a\u0000b\r\nConnection: close\r\n\r\n", 400],
      ["GET /%00 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", 404],
      [`POST /admin/quotes HTTP/1.1\r\nHost: 127.0.0.1\r\n${form}\r\nContent-Length: -1\r\n\r\n`, 400],
      [
        `POST /admin/quotes HTTP/1.1\r\nHost: 127.0.0.1\r\n${form}\r\nContent-Length: 99999999999999999999\r\n\r\n`,
        400,
      ],
    ];
    for (const [bytes, expected] of cases) {
      const answer = await sendOnSocket(ownServer().url, bytes);
      const what = JSON.stringify(bytes.split("\r\n")[0]);
      // Even what Node's parser refuses before any handler runs carries the headers.
      expect(answer.head.toLowerCase(), what).toContain("cross-origin-resource-policy: same-origin");
      if (expected === "redirect") {
        expect(answer.status, what).toBe(301);
        // Whatever the target named, the redirect stays on this site.
        expect(/\r\nlocation: (.*)/i.exec(answer.head)?.[1], what).toMatch(/^\/(?![/\\])/);
      } else {
        expect(answer.status, `${what}\n${answer.head}`).toBe(expected);
      }
    }
  });

  test("TRACE and other methods no address takes, or a post to a read-only address: 405 with a message", async () => {
    const logStart = ownServer().output().length;
    const cases: [method: string, path: string, allow: string][] = [
      ["TRACE", "/", "GET, HEAD"],
      ["TRACE", "/about", "GET, HEAD"],
      ["TRACE", "/img/artworks-400/song-of-the-lupuna.webp", "GET, HEAD"],
      ["TRACE", "/api/quotes", "GET, HEAD"],
      ["OPTIONS", "/quotes", "GET, HEAD"],
      ["PROPFIND", "/admin/quotes", "GET, HEAD, POST, PUT, PATCH, DELETE"],
      ["POST", "/api/quotes", "GET, HEAD"],
      ["DELETE", "/about", "GET, HEAD"],
      ["POST", "/about.data", "GET, HEAD"],
    ];
    for (const [method, path, allow] of cases) {
      const headers = { Origin: ownServer().url, "Content-Type": "application/json" };
      const answer = await sendRaw(ownServer().url, {
        method,
        path,
        headers,
        body: method === "POST" ? "{}" : undefined,
      });
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.headers.allow, `${method} ${path}`).toBe(allow);
      expect(answer.body, `${method} ${path}`).not.toContain("Unexpected Server Error");
      expect(answer.body, `${method} ${path}`).toMatch(/This (site does not answer|address only answers GET)/);
    }
    // A client's doing: warnings at most, no error and no stack in the log.
    const log = ownServer().output().slice(logStart);
    expect(log.split("\n").filter((line) => line.includes('"level":50'))).toEqual([]);
  });

  test("every kind of answer carries the security headers, and none sends HSTS over http", async () => {
    const cases: [string, Parameters<typeof sendRaw>[1]][] = [
      ["redirect", { method: "GET", path: "/cv/" }],
      ["prerendered page", { method: "GET", path: "/about" }],
      ["404 page", { method: "GET", path: "/no-such-page" }],
      ["404 asset", { method: "GET", path: "/assets/no-such-file.js" }],
      ["image", { method: "GET", path: "/img/artworks-400/song-of-the-lupuna.webp" }],
      ["404 image", { method: "GET", path: "/img/artworks-640/no-such-work.avif" }],
      ["405 asset", { method: "POST", path: "/assets/entry.js", headers: { Origin: ownServer().url } }],
      ["static file", { method: "GET", path: "/favicon.ico" }],
      ["public quote API", { method: "GET", path: "/api/quotes" }],
      ["400 API", { method: "GET", path: "/api/quotes?limit=abc" }],
      ["health", { method: "GET", path: "/healthz" }],
      ["401 API", { method: "GET", path: "/api/admin/quotes" }],
      ["400 form", { method: "POST", path: "/admin/quotes", headers: { Origin: ownServer().url }, body: "{" }],
    ];
    // The in-memory quote API answers from the second identical request on.
    await sendRaw(ownServer().url, { method: "GET", path: "/api/quotes" });
    for (const [what, request] of cases) {
      const response = await sendRaw(ownServer().url, request);
      expect(response.status, what).toBeLessThan(500);
      expectSecurityHeaders(response, what, request.path);
    }
    const cached = await sendRaw(ownServer().url, { method: "GET", path: "/about" });
    const notModified = await sendRaw(ownServer().url, {
      method: "GET",
      path: "/about",
      headers: { "If-None-Match": String(cached.headers.etag) },
    });
    expect(notModified.status).toBe(304);
    expectSecurityHeaders(notModified, "304", "/about");
  });

  test("malformed cursors, NUL bytes and non-form bodies get a 4xx that says what is wrong", async () => {
    const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const year0 = cursor(["0000-01-01T00:00:00Z", 1]);
    const hugeId = cursor(["2024-01-01T00:00:00Z", 2 ** 31]);
    for (const value of [year0, hugeId]) {
      const api = await sendRaw(ownServer().url, { method: "GET", path: `/api/quotes?cursor=${value}` });
      expect(api.status).toBe(400);
      expect(JSON.parse(api.body)).toMatchObject({ field: "cursor", message: expect.stringContaining("nextCursor") });
      const page = await sendRaw(ownServer().url, { method: "GET", path: `/quotes?cursor=${value}` });
      expect(page.status).toBe(400);
    }

    const form = { "Content-Type": "application/x-www-form-urlencoded", Origin: ownServer().url };
    const login = await sendRaw(ownServer().url, {
      method: "POST",
      path: "/admin/quotes",
      headers: form,
      body: "intent=login&email=a%00b%40umbra.test&password=whatever",
    });
    expect(login.status).toBe(400);
    expect(login.body).toContain("NUL character");

    const reset = await sendRaw(ownServer().url, {
      method: "POST",
      path: "/reset-password",
      headers: form,
      body: "token=a%00b&password=a%00bcdefghijklmnop&confirm=a%00bcdefghijklmnop",
    });
    expect(reset.status).toBe(400);
    expect(reset.body).toContain("NUL character");

    // Signed in, so /admin/security reads the body instead of redirecting to the sign-in page.
    const cookie = await adminCookie(ownServer());
    for (const target of ["/admin/quotes", "/admin/security", "/reset-password"]) {
      const json = await sendRaw(ownServer().url, {
        method: "POST",
        path: target,
        headers: { "Content-Type": "application/json", Origin: ownServer().url, Cookie: cookie },
        body: '{"intent":"login"}',
      });
      expect(json.status, `JSON to ${target}`).toBe(415);
      expect(json.body, `JSON to ${target}`).toContain("takes a form submission");
      const truncated = await sendRaw(ownServer().url, {
        method: "POST",
        path: target,
        headers: { "Content-Type": "multipart/form-data; boundary=XYZ", Origin: ownServer().url, Cookie: cookie },
        body: '--XYZ\r\nContent-Disposition: form-data; name="intent"\r\n\r\nlog',
      });
      expect(truncated.status, `truncated multipart to ${target}`).toBe(400);
      expect(truncated.body, `truncated multipart to ${target}`).toContain("could not be read");
    }
  });

  test("hundreds of malformed requests to every route: no 5xx, no error in the log", async () => {
    const signedIn = await adminCookie(ownServer());
    const logStart = ownServer().output().length;
    const requests = [
      ...malformedRequests({ seed: FUZZ_SEED, count: 600, origin: ownServer().url }),
      ...malformedRequests({ seed: FUZZ_SEED + 1, count: 200, origin: ownServer().url, cookie: signedIn }),
    ];
    const answers: { request: MalformedRequest; response: RawResponse }[] = [];
    const failures: string[] = [];
    let next = 0;
    // A few at a time: this machine has two cores shared with other test runs.
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < requests.length) {
          const request = requests[next++]!;
          try {
            answers.push({ request, response: await sendRaw(ownServer().url, request) });
          } catch (error) {
            failures.push(`${describeRequest(request)} -> ${(error as Error).message}`);
          }
        }
      }),
    );
    const serverErrors = answers.filter(({ response }) => response.status >= 500);
    const silent4xx = answers.filter(
      ({ request, response }) =>
        response.status >= 400 && response.status < 500 && request.method !== "HEAD" && !response.body.trim(),
    );
    const byStatus = new Map<number, number>();
    for (const { response } of answers) byStatus.set(response.status, (byStatus.get(response.status) ?? 0) + 1);
    console.log(
      `fuzz: ${answers.length} answered, by status ${JSON.stringify(Object.fromEntries([...byStatus].sort()))}`,
    );
    const report = (list: typeof answers) =>
      list
        .slice(0, 40)
        .map(
          ({ request, response }) =>
            `${response.status} <- ${describeRequest(request)}\n    ${response.body.slice(0, 300).replace(/\s+/g, " ")}`,
        )
        .join("\n");
    expect(failures, failures.slice(0, 20).join("\n")).toEqual([]);
    expect(serverErrors.length, `requests answered 5xx:\n${report(serverErrors)}`).toBe(0);
    expect(silent4xx.length, `4xx without a message:\n${report(silent4xx)}`).toBe(0);
    expect(ownServer().child.exitCode).toBeNull();
    // The signed-in slice got past the session checks into the admin API's own validation.
    const pastAuth = answers.filter(
      ({ request, response }) =>
        request.headers?.Cookie?.startsWith(signedIn) &&
        request.path.startsWith("/api/admin/") &&
        ![401, 403].includes(response.status),
    );
    expect(pastAuth.length).toBeGreaterThan(20);

    // Bad input is the client's mistake: the log records it at warn, never at error (50).
    const log = ownServer().output().slice(logStart);
    const errorLines = log.split("\n").filter((line) => line.includes('"level":50'));
    expect(errorLines.slice(0, 10).join("\n")).toBe("");
    expect(log).toContain('"level":40');
  });
});
