import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCookie, MB, rssOf, sendHugeBody, startOwnServer, stopOwnServer } from "../support/huge-bodies.ts";
import { sendRaw } from "../support/raw-http.ts";
import { expectSecurityHeaders } from "../support/security-header-checks.ts";

// Request bodies against a server process of its own (the production build, fresh data folder).
// Security issue 11: body limits (split from attack-input.spec.ts). No browser: moved here from
// Playwright (issue 38).
describe("hostile input: bodies", { timeout: 240_000 }, () => {
  let own: Awaited<ReturnType<typeof startOwnServer>> | undefined;
  beforeAll(async () => {
    own = await startOwnServer();
  }, 120_000);
  afterAll(() => stopOwnServer(own));
  const ownServer = () => {
    if (!own) throw new Error("the server of this file did not start");
    return own.server;
  };

  /** Sends a 400 MB form body and reports how far the server's memory grew meanwhile. */
  async function sendMeasured(label: string, path: string, chunked: boolean) {
    // A small request to the same address first, so what the server allocates once (the route's
    // code, its first render) is not counted as growth caused by the body.
    await fetch(new URL(path, ownServer().url), {
      method: "POST",
      body: "warm=1",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ownServer().url },
    });
    const before = rssOf(ownServer().child.pid!);
    const result = await sendHugeBody(ownServer(), {
      method: "POST",
      path,
      totalBytes: 400 * MB,
      chunked,
      contentType: "application/x-www-form-urlencoded",
    });
    console.log(
      `${label}: HTTP ${result.status}, ${Math.round(result.sent / MB)} MB sent, server RSS ${Math.round(before / MB)} MB before, ${Math.round(result.peakRss / MB)} MB peak`,
    );
    return { ...result, grew: result.peakRss - before };
  }

  it("a 400 MB form body is refused with 413 before it is read, and memory stays flat", async () => {
    const result = await sendMeasured("400 MB form body", "/admin/quotes", false);
    expect(result.status).toBe(413);
    expect(result.headers.connection).toBe("close");
    expect(result.body).toMatch(/too large/i);
    expect(result.grew).toBeLessThan(50 * MB);
    expectSecurityHeaders(expect, result, "413");
  });

  it("a chunked body without a length is cut off at the limit with 413", async () => {
    const result = await sendMeasured("400 MB chunked body", "/reset-password", true);
    expect(result.status).toBe(413);
    expect(result.grew).toBeLessThan(50 * MB);
    // Far less than the body was read: the connection was closed once past the limit.
    expect(result.sent).toBeLessThan(200 * MB);
  });

  it("a big JSON body to the admin API is refused with 413 and a JSON message", async () => {
    const result = await sendHugeBody(ownServer(), {
      method: "PATCH",
      path: "/api/admin/quotes",
      totalBytes: 5 * MB,
      chunked: false,
      contentType: "application/json",
    });
    expect(result.status).toBe(413);
    expect(result.headers["content-type"]).toContain("application/json");
    expect(JSON.parse(result.body)).toMatchObject({ message: expect.stringMatching(/too large.*64 KB/i) });

    // Signed in, so the request gets past the session check to where the body is read.
    const chunked = await sendHugeBody(ownServer(), {
      method: "PATCH",
      path: "/api/admin/quotes/1",
      totalBytes: 5 * MB,
      chunked: true,
      contentType: "application/json",
      headers: { Cookie: await adminCookie(ownServer()) },
    });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body)).toMatchObject({ message: expect.stringMatching(/too large/i) });
  });

  it("a body just under the limit still reaches the action", async () => {
    const response = await sendRaw(ownServer().url, {
      method: "POST",
      path: "/reset-password",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ownServer().url },
      body: `intent=request&email=${"a".repeat(60 * 1024)}`,
    });
    // The action read the form and refused the address, rather than the size.
    expect(response.status).toBe(400);
    expect(response.body).toContain("Enter the email address of your admin account.");
  });
});
