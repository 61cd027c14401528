import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  adminHeadersFor,
  createPostgresDatabase,
  runServerExpectingFailure,
  type ServerProcess,
  startServer,
} from "../support/server-process.ts";

// Server processes of their own (the production build: `npm run build` first), started, killed
// and restarted. No browser: moved here from Playwright (issue 38).

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "umbra-ops-"));

async function readStreamUntil(body: ReadableStream<Uint8Array>, pattern: RegExp, timeoutMs = 15_000) {
  const reader = body.getReader();
  let text = "";
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(text) && Date.now() < deadline) {
    const next = await Promise.race([
      reader.read(),
      new Promise<{ done: true; value: undefined }>((r) =>
        setTimeout(() => r({ done: true, value: undefined }), deadline - Date.now()),
      ),
    ]);
    if (next.done) break;
    text += new TextDecoder().decode(next.value);
  }
  return { text, reader };
}

/**
 * Reads a stream to its end. "ended" only when the server finished the response (the chunked
 * body's last chunk arrived); a connection cut without that errors instead.
 */
async function readToEnd(reader: ReadableStreamDefaultReader<Uint8Array>, timeoutMs: number) {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timed out">((resolve) => {
    timer = setTimeout(() => resolve("timed out"), timeoutMs);
  });
  const drained = (async () => {
    try {
      while (!(await reader.read()).done) {}
      return "ended" as const;
    } catch (error) {
      return `failed: ${(error as Error).message}; ${String((error as Error).cause ?? "")}` as const;
    }
  })();
  const outcome = await Promise.race([drained, timedOut]);
  clearTimeout(timer);
  return outcome;
}

describe("server process", { timeout: 120_000 }, () => {
  it("a bad DATABASE_URL stops the server with a message naming it", async () => {
    const result = await runServerExpectingFailure({ DATA_DIR: tempDir(), DATABASE_URL: "mysql://somewhere/db" });
    expect(result.code).toBe(1);
    expect(result.output).toContain("DATABASE_URL");
  });

  it("an acknowledged write survives SIGKILL on the embedded database; the restarted server answers health and readiness", async () => {
    const dataDir = tempDir();
    let server: ServerProcess | undefined = await startServer({ DATA_DIR: dataDir });
    const adminHeaders = await adminHeadersFor(server);
    const patch = await fetch(`${server.url}/api/admin/quotes/60`, {
      method: "PATCH",
      headers: adminHeaders,
      body: JSON.stringify({ includeInSearch: true }),
    });
    expect(patch.status).toBe(200);
    server.child.kill("SIGKILL");
    await server.exited;

    server = await startServer({ DATA_DIR: dataDir });
    // The session, like the write, was stored before the kill.
    const after = await fetch(`${server.url}/api/admin/quotes/60`, {
      headers: { ...adminHeaders, Origin: server.url },
    });
    expect(await after.json()).toMatchObject({ quote: { id: 60, includeInSearch: true } });
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready" });
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("SIGTERM ends event streams, closes the database and exits cleanly", async () => {
    const dataDir = tempDir();
    const server = await startServer({ DATA_DIR: dataDir });
    const stream = await fetch(`${server.url}/api/admin/quotes/events`, { headers: await adminHeadersFor(server) });
    const { text, reader } = await readStreamUntil(stream.body!, /event: ready/);
    expect(text).toContain("event: ready");
    // Watched independently of the stream, so the order of the two can be told.
    let hasExited = false;
    const exited = server.exited.then((code) => {
      hasExited = true;
      return code;
    });
    server.child.kill("SIGTERM");
    // The server ends the stream itself while shutting down: the response completes cleanly,
    // promptly (well inside the 10 s after which the shutdown cuts open connections) and while
    // the process is still running. A stream cut by the exit, or by that grace timer, errors.
    const outcome = await readToEnd(reader, 5_000);
    expect(outcome).toBe("ended");
    expect(hasExited, "the process had already exited when the stream ended").toBe(false);
    expect(await exited).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
    expect(fs.existsSync(path.join(dataDir, "database.lock"))).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // Needs TEST_DATABASE_URL (CI always sets it).
  it.runIf(process.env.TEST_DATABASE_URL)(
    "a change made through one process reaches an event stream on another (PostgreSQL)",
    async () => {
      const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL as string);
      const env = { DATABASE_URL: database.url, DATA_DIR: tempDir() };
      const [first, second] = await Promise.all([startServer(env), startServer(env)]);
      try {
        // One session, stored in the shared database, is good on both processes.
        const adminHeaders = await adminHeadersFor(first);
        const stream = await fetch(`${second.url}/api/admin/quotes/events`, {
          headers: { ...adminHeaders, Origin: second.url },
        });
        const ready = await readStreamUntil(stream.body!, /event: ready/);
        expect(ready.text).toContain("event: ready");
        ready.reader.releaseLock();

        const patch = await fetch(`${first.url}/api/admin/quotes/58`, {
          method: "PATCH",
          headers: adminHeaders,
          body: JSON.stringify({ includeInSearch: true }),
        });
        expect(patch.status).toBe(200);
        const change = await readStreamUntil(stream.body!, /"id":58,/);
        expect(change.text).toMatch(/event: quote\ndata: \{"quote":\{"id":58,.*"includeInSearch":true/);
        await change.reader.cancel();
      } finally {
        first.child.kill("SIGTERM");
        second.child.kill("SIGTERM");
        await Promise.all([first.exited, second.exited]);
        await database.drop();
      }
    },
  );
});
