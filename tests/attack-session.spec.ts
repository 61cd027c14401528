import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import {
  adminHeadersFor,
  createPostgresDatabase,
  processAdmin,
  type ServerProcess,
  startServer,
} from "./support/server-process.ts";

// Security issue 11, point 6: an admin event stream must not outlive the session it was opened
// with. These start their own server processes: run once (desktop project), one at a time.
// Timing-bound (a sign-out must end streams on other processes promptly): one retry.
test.describe.configure({ mode: "serial", timeout: 120_000, retries: 1 });

// "Within a few seconds": generous, on a busy machine. The stream should end at once.
const DEADLINE_MS = 5_000;

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "umbra-attack-session-"));

interface Followed {
  /** Everything received so far. */
  text: string;
  /** When the server ended the stream, if it has. */
  endedAt?: number;
  ended: Promise<void>;
  stop: () => Promise<void>;
}

/** Signs in as the process's admin: a new session, as the Cookie header that carries it. */
async function newSession(server: { url: string }): Promise<string> {
  // adminHeadersFor throws when the sign-in sets no cookie.
  return (await adminHeadersFor(server)).Cookie as string;
}

/** Opens the admin event stream with a session cookie and reads it in the background. */
async function openStream(server: { url: string }, cookie: string): Promise<Followed> {
  const response = await fetch(`${server.url}/api/admin/quotes/events`, {
    headers: { Cookie: cookie, Origin: server.url },
  });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const followed: Followed = { text: "", ended: Promise.resolve(), stop: () => reader.cancel().catch(() => {}) };
  followed.ended = (async () => {
    for (;;) {
      const next = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (next.done) break;
      followed.text += decoder.decode(next.value, { stream: true });
    }
    followed.endedAt = Date.now();
  })();
  await expect.poll(() => followed.text).toContain("event: ready");
  return followed;
}

/** Whether the stream ends before the deadline. */
function endsInTime(stream: Followed): Promise<boolean> {
  return Promise.race([
    stream.ended.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), DEADLINE_MS)),
  ]);
}

/** Signs out through the admin page's form, as the Sign Out button does; returns when it was sent. */
async function signOut(server: { url: string }, cookie: string): Promise<number> {
  const sentAt = Date.now();
  const response = await fetch(`${server.url}/admin/quotes`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "sign-out" }),
  });
  expect(response.status).toBe(302);
  return sentAt;
}

async function setVisibility(server: { url: string }, cookie: string, id: number, includeInSearch: boolean) {
  const response = await fetch(`${server.url}/api/admin/quotes/${id}`, {
    method: "PATCH",
    headers: { Cookie: cookie, Origin: server.url, "Content-Type": "application/json" },
    body: JSON.stringify({ includeInSearch }),
  });
  expect(response.status).toBe(200);
}

function noteMeasure(what: string, ms: number) {
  test.info().annotations.push({ type: "measured", description: `${what}: ${ms} ms` });
}

async function stopServers(...servers: ServerProcess[]) {
  for (const server of servers) server.child.kill("SIGTERM");
  await Promise.all(servers.map((server) => server.exited));
}

test.describe("an event stream ends with its session", { tag: "@desktop" }, () => {
  test("signing out ends the stream before a hidden quote is shown to it", async () => {
    const dataDir = tempDir();
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      const signedOut = await newSession(server);
      const other = await newSession(server);
      const stream = await openStream(server, signedOut);
      const watching = await openStream(server, other);

      const signedOutAt = await signOut(server, signedOut);
      // Straight after, another admin session publishes a hidden quote, then hides it again.
      await setVisibility(server, other, 58, true);
      await setVisibility(server, other, 58, false);

      expect(await endsInTime(stream)).toBe(true);
      noteMeasure("sign-out sent to stream end (one process)", stream.endedAt! - signedOutAt);
      expect(stream.text).not.toContain("event: quote");
      // The changes were streamed: to the admin still signed in.
      await expect
        .poll(() => watching.text)
        .toMatch(/event: quote\ndata: \{"quote":\{"id":58,.*"includeInSearch":true/);
      expect(watching.endedAt).toBeUndefined();
      await watching.stop();

      // EventSource's reconnection is refused.
      const again = await fetch(`${server.url}/api/admin/quotes/events`, {
        headers: { Cookie: signedOut, Origin: server.url },
      });
      expect(again.status).toBe(401);
    } finally {
      await stopServers(server);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("a password reset ends every stream of the account", async () => {
    const dataDir = tempDir();
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      const stream = await openStream(server, await newSession(server));
      const form = (fields: Record<string, string>) =>
        fetch(`${server.url}/reset-password`, {
          method: "POST",
          redirect: "manual",
          headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(fields),
        });
      expect((await form({ intent: "request", email: processAdmin.email })).status).toBe(200);
      const outbox = path.join(dataDir, "outbox");
      let token = "";
      await expect
        .poll(() => {
          const files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
          for (const file of files.filter((name) => name.endsWith(".json"))) {
            const message = JSON.parse(fs.readFileSync(path.join(outbox, file), "utf8")) as { text: string };
            token = /reset-password\?token=(\S+)/.exec(message.text)?.[1] ?? token;
          }
          return token;
        })
        .not.toBe("");

      const newPassword = "a fresh lantern by the harbour 31";
      const resetAt = Date.now();
      const reset = await form({ token: decodeURIComponent(token), password: newPassword, confirm: newPassword });
      expect(reset.status).toBe(302);

      expect(await endsInTime(stream)).toBe(true);
      noteMeasure("password reset sent to stream end", stream.endedAt! - resetAt);
    } finally {
      await stopServers(server);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("an open admin screen shows the login form once its session is signed out elsewhere", async ({ page }) => {
    const dataDir = tempDir();
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      await page.goto(`${server.url}/admin/quotes`);
      await page.getByLabel("Email").fill(processAdmin.email);
      await page.getByLabel("Password").fill(processAdmin.password);
      const streamOpened = page.waitForResponse((response) => response.url().endsWith("/api/admin/quotes/events"));
      await page.getByRole("button", { name: "Login" }).click();
      await expect(page.getByRole("heading", { name: "Manage Quotes" })).toBeVisible();
      expect((await streamOpened).status()).toBe(200);

      const cookie = (await page.context().cookies(server.url)).map((c) => `${c.name}=${c.value}`).join("; ");
      const signedOutAt = await signOut(server, cookie);

      await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible({ timeout: 10_000 });
      noteMeasure("sign-out sent elsewhere to the login form", Date.now() - signedOutAt);
    } finally {
      await stopServers(server);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("signing out through one process ends the stream on another (PostgreSQL)", async () => {
    const baseUrl = process.env.TEST_DATABASE_URL;
    test.skip(!baseUrl, "needs TEST_DATABASE_URL: two server processes share one PostgreSQL database");
    const database = await createPostgresDatabase(baseUrl!);
    const env = { DATABASE_URL: database.url, DATA_DIR: tempDir() };
    const [first, second] = await Promise.all([startServer(env), startServer(env)]);
    try {
      // Sessions live in the shared database, so each is good on both processes.
      const signedOut = await newSession(first);
      const other = await newSession(first);
      const stream = await openStream(second, signedOut);
      const watching = await openStream(second, other);

      const signedOutAt = await signOut(first, signedOut);
      await setVisibility(first, other, 58, true);

      expect(await endsInTime(stream)).toBe(true);
      noteMeasure("sign-out sent to one process to stream end on another", stream.endedAt! - signedOutAt);
      expect(stream.text).not.toContain("event: quote");
      await expect
        .poll(() => watching.text)
        .toMatch(/event: quote\ndata: \{"quote":\{"id":58,.*"includeInSearch":true/);
      await watching.stop();
    } finally {
      await stopServers(first, second);
      await database.drop();
      fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
    }
  });
});
