import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createPostgresDatabase, processAdmin, type ServerProcess, startServer } from "../support/server-process.ts";
import { totp } from "../totp.ts";

// Attacks on sign-in, codes and password reset, each against its own server process (the
// production build: `npm run build` first), as an outsider would make them: many requests at
// once, from one address or through a proxy. No browser: moved here from Playwright (issue 38).
// Timing-bound (bursts of 120 requests against the throttles, timed by a loaded machine): one retry.
const attacks = { timeout: 120_000, retry: 1 };

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "umbra-attack-"));

/** A browser's cookies: what the server set, sent back on the next request. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (/Max-Age=0/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  /** Whether the cookie is set, under its plain or __Secure- name (https or a production laptop). */
  has(name: string) {
    return this.cookies.has(name) || this.cookies.has(`__Secure-${name}`);
  }
  get header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

async function post(
  server: ServerProcess,
  route: string,
  fields: Record<string, string>,
  jar?: CookieJar,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${server.url}${route}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: server.url,
      ...(jar ? { Cookie: jar.header } : {}),
      ...headers,
    },
    body: new URLSearchParams(fields),
  });
  jar?.take(response);
  await response.arrayBuffer();
  return response;
}

const signIn = (server: ServerProcess, jar: CookieJar, password = processAdmin.password, email = processAdmin.email) =>
  post(server, "/admin/quotes", { intent: "login", email, password }, jar);
const enterCode = (server: ServerProcess, jar: CookieJar, code: string) =>
  post(server, "/admin/quotes", { intent: "verify-code", code }, jar);

/** Signs in and enrols an authenticator app for the process admin; returns its secret. */
async function enrolFactor(server: ServerProcess): Promise<string> {
  const jar = new CookieJar();
  expect((await signIn(server, jar)).status).toBe(302);
  const enrol = await fetch(`${server.url}/admin/security`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: jar.header },
    body: new URLSearchParams({ intent: "enrol", name: "Attack phone", password: processAdmin.password }),
  });
  const secret = /data-testid="totp-secret">([A-Z2-7]+=*)</.exec(await enrol.text())?.[1] ?? "";
  expect(secret).not.toBe("");
  const confirm = await post(
    server,
    "/admin/security",
    { intent: "confirm", name: "Attack phone", code: totp(secret) },
    jar,
  );
  expect(confirm.status).toBe(302);
  return secret;
}

/** A six-digit code that is not valid at the moment (nor one step either side). */
function wrongCode(secret: string, seed: number): string {
  const valid = new Set([-30_000, 0, 30_000].map((offset) => totp(secret, Date.now() + offset)));
  let code = seed;
  while (valid.has(String(code % 1_000_000).padStart(6, "0"))) code += 1;
  return String(code % 1_000_000).padStart(6, "0");
}

function tally(responses: Response[], what: string) {
  const evaluated = responses.filter((r) => r.status === 401 || r.status === 403).length;
  const throttled = responses.filter((r) => r.status === 429);
  const other = responses.filter((r) => ![401, 403, 429].includes(r.status)).map((r) => r.status);
  // The figure the security review quotes: how many of a burst were actually evaluated.
  console.log(`${what}: ${responses.length} sent at once, ${evaluated} evaluated, ${throttled.length} answered 429`);
  return { evaluated, throttled, other };
}

function expectRetryAfter(responses: Response[]) {
  for (const response of responses) {
    const seconds = Number(response.headers.get("retry-after"));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
  }
}

async function stop(...servers: ServerProcess[]) {
  for (const server of servers) server.child.kill("SIGTERM");
  await Promise.all(servers.map((server) => server.exited));
}

describe("sign-in under attack", attacks, () => {
  it("120 simultaneous wrong passwords: at most 5 are checked, the rest wait; the admin's own browser still signs in", async () => {
    const server = await startServer({ DATA_DIR: tempDir(), PUBLIC_URL: "" });
    try {
      // The admin's browser signed in here before, so it carries a device cookie.
      const adminBrowser = new CookieJar();
      expect((await signIn(server, adminBrowser)).status).toBe(302);
      expect(adminBrowser.has("umbra.device")).toBe(true);
      expect((await post(server, "/admin/quotes", { intent: "sign-out" }, adminBrowser)).status).toBe(302);

      const attacker = () => signIn(server, new CookieJar(), "not the password");
      const burst = await Promise.all(Array.from({ length: 120 }, attacker));
      const { evaluated, throttled, other } = tally(burst, "wrong passwords, one process");
      expect(other).toEqual([]);
      expect(evaluated).toBeLessThanOrEqual(5);
      expect(throttled.length).toBe(120 - evaluated);
      expectRetryAfter(throttled);

      // A stranger with the right password is now refused too: the shared allowance is spent...
      expect((await signIn(server, new CookieJar())).status).toBe(429);
      // ...but the browser that signed in before keeps its own, and gets in.
      const back = await signIn(server, adminBrowser);
      expect(back.status).toBe(302);
      expect(adminBrowser.has("umbra.session_token")).toBe(true);
    } finally {
      await stop(server);
    }
  });

  it("120 simultaneous wrong codes: at most 6 are checked; an accepted code is refused a second time", async () => {
    const server = await startServer({ DATA_DIR: tempDir(), PUBLIC_URL: "" });
    try {
      const secret = await enrolFactor(server);

      // Replay: the code that signed one browser in is refused to the next, within its 30 s.
      const first = new CookieJar();
      expect((await signIn(server, first)).status).toBe(302);
      const code = totp(secret, Date.now() + 30_000);
      expect((await enterCode(server, first, code)).status).toBe(302);
      const second = new CookieJar();
      expect((await signIn(server, second)).status).toBe(302);
      const replay = await fetch(`${server.url}/admin/quotes`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: second.header },
        body: new URLSearchParams({ intent: "verify-code", code }),
      });
      expect(replay.status).toBe(401);
      expect(await replay.text()).toContain("This code was already used.");

      // Burst from a browser that has only the password (no device cookie).
      const attacker = new CookieJar();
      expect((await signIn(server, attacker)).status).toBe(302);
      expect(attacker.has("umbra.two_factor")).toBe(true);
      const burst = await Promise.all(
        Array.from({ length: 120 }, (_, i) => enterCode(server, attacker, wrongCode(secret, 100_000 + i * 7919))),
      );
      const { evaluated, throttled, other } = tally(burst, "wrong codes");
      expect(other).toEqual([]);
      // One was already spent on the replay above.
      expect(evaluated).toBeLessThanOrEqual(6);
      expect(throttled.length).toBe(120 - evaluated);
      expectRetryAfter(throttled);

      // A signed-in session guessing the code that removes the factor is held to the same.
      const removals = await Promise.all(
        Array.from({ length: 120 }, (_, i) =>
          post(server, "/admin/security", { intent: "remove", code: wrongCode(secret, 300_000 + i * 7919) }, first),
        ),
      );
      const checked = removals.filter((r) => r.status === 400).length;
      const waited = removals.filter((r) => r.status === 429);
      expect(removals.filter((r) => ![400, 429].includes(r.status)).map((r) => r.status)).toEqual([]);
      expect(checked).toBeLessThanOrEqual(6);
      expectRetryAfter(waited);
      const security = await fetch(`${server.url}/admin/security`, { headers: { Cookie: first.header } });
      expect(await security.text()).toContain("Attack phone");
    } finally {
      await stop(server);
    }
  });

  it("per-address limits count the forwarded client only behind a trusted proxy", async () => {
    const direct = await startServer({ DATA_DIR: tempDir(), PUBLIC_URL: "" });
    const proxied = await startServer({ DATA_DIR: tempDir(), PUBLIC_URL: "", TRUST_PROXY: "127.0.0.1" });
    try {
      const from = (server: ServerProcess, client: string, i: number) =>
        post(
          server,
          "/admin/quotes",
          { intent: "login", email: `nobody-${i}@umbra.test`, password: "guess" },
          undefined,
          {
            "X-Forwarded-For": client,
          },
        );
      // Thirty guesses at thirty accounts from one client use up its address's allowance.
      for (const server of [direct, proxied]) {
        for (let i = 0; i < 30; i++) expect((await from(server, "198.51.100.7", i)).status).toBe(401);
        expect((await from(server, "198.51.100.7", 30)).status).toBe(429);
      }
      // Behind the trusted proxy another client is counted on its own...
      expect((await from(proxied, "198.51.100.8", 31)).status).toBe(401);
      // ...while without one, a forged X-Forwarded-For buys no new allowance.
      expect((await from(direct, "198.51.100.8", 31)).status).toBe(429);
    } finally {
      await stop(direct, proxied);
    }
  });

  // Needs TEST_DATABASE_URL (CI always sets it).
  it.runIf(process.env.TEST_DATABASE_URL)(
    "a burst split across two processes on one PostgreSQL still gets at most 5 checked",
    async () => {
      const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL as string);
      const env = { DATABASE_URL: database.url, DATA_DIR: tempDir(), PUBLIC_URL: "" };
      const [first, second] = await Promise.all([startServer(env), startServer(env)]);
      try {
        const burst = await Promise.all(
          Array.from({ length: 120 }, (_, i) => signIn(i % 2 ? first : second, new CookieJar(), "not the password")),
        );
        const { evaluated, throttled, other } = tally(burst, "wrong passwords, two processes on PostgreSQL");
        expect(other).toEqual([]);
        expect(evaluated).toBeLessThanOrEqual(5);
        expectRetryAfter(throttled);
      } finally {
        await stop(first, second);
        await database.drop();
      }
    },
  );
});

/** A raw request with a Host header of the attacker's choosing (fetch would not send one). */
function requestWithHost(server: ServerProcess, host: string, origin: string, body: string) {
  const { port } = new URL(server.url);
  return new Promise<number>((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path: "/reset-password",
        method: "POST",
        headers: {
          Host: host,
          Origin: origin,
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

async function outboxTexts(dataDir: string, atLeast: number, timeoutMs = 5_000): Promise<string[]> {
  const dir = path.join(dataDir, "outbox");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Finished messages only: a message being written is a hidden .partial file.
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((file) => file.endsWith(".json")) : [];
    if (files.length >= atLeast || Date.now() > deadline) {
      return files.map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")).text as string);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("password reset under attack", attacks, () => {
  it("a forged Host never puts a reset link on the attacker's site", async () => {
    const dataDir = tempDir();
    const server = await startServer({ DATA_DIR: dataDir, PUBLIC_URL: "" });
    try {
      const { port } = new URL(server.url);
      const body = new URLSearchParams({ intent: "request", email: processAdmin.email }).toString();

      // Host and Origin both the attacker's: refused, and no mail goes out.
      expect(await requestWithHost(server, "evil.example", "http://evil.example", body)).toBe(403);
      expect(await requestWithHost(server, `evil.example:${port}`, `http://evil.example:${port}`, body)).toBe(403);
      expect(await outboxTexts(dataDir, 1, 1_500)).toEqual([]);

      // Our own Origin with a forged Host: refused as well (React Router's own check).
      const forged = await requestWithHost(server, "evil.example", server.url, body);
      expect(forged).toBeGreaterThanOrEqual(400);
      expect(forged).toBeLessThan(500);
      expect(await outboxTexts(dataDir, 1, 1_500)).toEqual([]);

      // A genuine request made to 127.0.0.1: the link is on the configured origin, which with
      // PUBLIC_URL unset is localhost, not whatever Host the request named.
      expect(await requestWithHost(server, `127.0.0.1:${port}`, server.url, body)).toBe(200);
      const [mail = ""] = await outboxTexts(dataDir, 1);
      expect(mail).toContain(`http://localhost:${port}/reset-password?token=`);
      expect(mail).not.toContain("127.0.0.1");
    } finally {
      await stop(server);
    }
  });
});
