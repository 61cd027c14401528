import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routePatterns, startTestSite, type TestSite } from "#tests/support/test-site.ts";

// Every method a client may send, the ones no address takes included.
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "TRACE", "OPTIONS"];

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
}, 240_000);
afterAll(() => site?.stop());

/** Any method, TRACE included (fetch refuses to send it), as the admin; the body is read whole. */
function send(address: string, method: string) {
  return new Promise<{ status: number; allow: string | undefined; body: string }>((resolve, reject) => {
    const request = http.request(`${site.base}${address}`, { method, headers: site.adminHeaders }, (response) => {
      let body = "";
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, allow: response.headers.allow, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

/** One address per route: its dynamic segments filled with a harmless value. */
const addressOf = (pattern: string) =>
  `/${pattern
    .split("/")
    .filter(Boolean)
    .map((segment) => (segment.startsWith(":") || segment === "*" ? "x" : segment))
    .join("/")}`;

describe("methods on every route of the real app (issue 42 row 12)", () => {
  it("answers GET /rooms/<token>/enquiries 405 with Allow: POST and a message", async () => {
    const response = await site.send("/rooms/a-room-token-that-is-long-enough/enquiries");
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect((await response.json()).message).toMatch(/only takes the room's enquiry form/);
  });

  it("answers an unsupported method 405 with Allow on every route, never a 5xx or 'Unexpected Server Error'", async () => {
    const failures: string[] = [];
    for (const pattern of routePatterns(site.build.routes)) {
      const address = addressOf(pattern);
      for (const method of METHODS) {
        // Event streams never end: their GET is answered 200 and left.
        if (method === "GET" && pattern.endsWith("/events")) continue;
        const { status, allow, body } = await send(address, method);
        const said = `${method} ${address}: ${status}`;
        if (status >= 500) failures.push(`${said} (a 5xx)`);
        if (body.includes("Unexpected Server Error")) failures.push(`${said} "Unexpected Server Error"`);
        if (status === 405 && !allow) failures.push(`${said} without Allow`);
        if (status === 405 && allow?.split(", ").includes(method)) {
          failures.push(`${said} but Allow names ${method}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
