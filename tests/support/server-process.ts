import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";

/** The admin each server process creates on first start (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const processAdmin = { email: "operator@umbra.test", password: "ledger harbour copper 1987" };
// Several processes on one PostgreSQL must share the secret that signs their session cookies.
const AUTH_SECRET = "operations-test-auth-secret-0123456789abcdef";

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** server.js runs the build: without one, say so rather than show a module-not-found trace. */
function requireBuild() {
  if (!fs.existsSync("build/server/main.js")) {
    throw new Error("No production build here: run `npm run build` first (these tests start the built server).");
  }
}

/** Starts `node server.js` (the production build) on a free port and waits until it listens. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  requireBuild();
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      ADMIN_EMAIL: processAdmin.email,
      ADMIN_PASSWORD: processAdmin.password,
      AUTH_SECRET,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // A server outlives the test worker that started it unless stopped: a failed test or a worker
  // stopped after one left servers (and their image encoders) busy for the rest of a run.
  const stop = () => child.kill("SIGKILL");
  process.once("exit", stop);
  let output = "";
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      process.off("exit", stop);
      resolve(code);
    }),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`server did not start:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"port":(\d+),"mode"/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return { child, url, output: () => output, exited };
}

/** Runs `node server.js` expecting it to refuse to start; resolves with its exit code and output. */
export function runServerExpectingFailure(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  requireBuild();
  const child = spawn(process.execPath, ["server.js"], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (c) => (output += c));
  child.stderr?.on("data", (c) => (output += c));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, output })));
}

/**
 * Signs in through the admin login form, as a browser without JavaScript would, and returns the
 * headers an admin API call needs: the session cookie and this site's Origin.
 */
export async function adminHeadersFor(server: { url: string }): Promise<Record<string, string>> {
  const response = await fetch(`${server.url}/admin/quotes`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
    body: new URLSearchParams({ intent: "login", email: processAdmin.email, password: processAdmin.password }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie) throw new Error(`admin sign-in set no cookie (HTTP ${response.status})`);
  return { Cookie: cookie, Origin: server.url, "Content-Type": "application/json" };
}

/** A private PostgreSQL database next to TEST_DATABASE_URL's, dropped by drop(). */
export async function createPostgresDatabase(baseUrl: string) {
  const name = `umbra_e2e_${crypto.randomBytes(6).toString("hex")}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
