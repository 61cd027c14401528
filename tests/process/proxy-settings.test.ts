import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { processAdmin, type ServerProcess, startServer } from "../support/server-process.ts";

// Server processes of their own (the production build), as behind an HTTPS proxy. No browser:
// moved here from Playwright (issue 38).

const site = "https://umbra.example";

/**
 * The admin sign-in form as nginx passes it on from https://umbra.example: the browser's Host,
 * its Origin, and the proxy's X-Forwarded-Proto. node:http, since fetch cannot set Host.
 */
function signInThroughProxy(server: ServerProcess, extraHeaders: Record<string, string> = {}) {
  const body = new URLSearchParams({ intent: "login", email: processAdmin.email, password: processAdmin.password });
  return new Promise<{ status: number; text: string; cookies: string[] }>((resolve, reject) => {
    const req = http.request(
      `${server.url}/admin/quotes`,
      {
        method: "POST",
        agent: false,
        headers: {
          Host: "umbra.example",
          Origin: site,
          "X-Forwarded-Proto": "https",
          "Content-Type": "application/x-www-form-urlencoded",
          ...extraHeaders,
        },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text, cookies: res.headers["set-cookie"] ?? [] }));
      },
    );
    req.on("error", reject);
    req.end(body.toString());
  });
}

describe("proxy settings", { timeout: 120_000 }, () => {
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  });
  const start = async (env: Record<string, string>) => {
    const server = await startServer({
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "umbra-proxy-")),
      PUBLIC_URL: site,
      WARM_IMAGES: "off",
      ...env,
    });
    servers.push(server);
    return server;
  };

  it("an https site with no trusted proxy warns at start, and its refused sign-in says to set TRUST_PROXY", async () => {
    const server = await start({});
    expect(server.output()).toContain("PUBLIC_URL is https://umbra.example but TRUST_PROXY is unset");
    const answer = await signInThroughProxy(server);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("received it as http://umbra.example");
    expect(answer.text).toContain("TRUST_PROXY=127.0.0.1");
    expect(answer.cookies).toEqual([]);
  });

  it("with TRUST_PROXY=127.0.0.1 the same sign-in works, and a forged X-Forwarded-Host changes nothing", async () => {
    const server = await start({ TRUST_PROXY: "127.0.0.1" });
    expect(server.output()).not.toContain("TRUST_PROXY is unset");
    // nginx passes on what the client wrote unless told otherwise; the app must not build the
    // request's URL from it (React Router would then refuse the form as coming from elsewhere).
    const answer = await signInThroughProxy(server, { "X-Forwarded-Host": "evil.example" });
    // Signed in: redirected to the admin page with a session cookie.
    expect(answer.status, answer.text).toBe(302);
    expect(answer.cookies.join(";")).toMatch(/session_token=/);
    expect(JSON.stringify(answer)).not.toContain("evil.example");
  });
});
