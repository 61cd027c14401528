import type http from "node:http";
import { expect, test } from "@playwright/test";
import { startOwnServer, stopOwnServer } from "./huge-bodies.ts";
import { expectSecurityHeaders as checkSecurityHeaders } from "./security-header-checks.ts";
import type { ServerProcess } from "./server-process.ts";

// The hostile-input spec's Playwright side (attack-input.spec.ts); the parts that need no test
// runner are in huge-bodies.ts and security-header-checks.ts.
export { adminCookie, MB, rssOf, sendHugeBody } from "./huge-bodies.ts";

/**
 * Starts a server of its own before the describe block's tests and stops it after; call inside
 * `test.describe`. The getter returns the running server.
 */
export function useOwnServer(): () => ServerProcess {
  let own: Awaited<ReturnType<typeof startOwnServer>> | undefined;
  test.beforeAll(async () => {
    // Opening a fresh embedded database takes a while on a busy machine.
    test.setTimeout(120_000);
    own = await startOwnServer();
  });
  test.afterAll(async () => {
    await stopOwnServer(own);
  });
  return () => {
    if (!own) throw new Error("the server of this describe block did not start");
    return own.server;
  };
}

/** `path`: the address asked for, when the answer is a page (a public one has no COOP). */
export function expectSecurityHeaders(
  response: { status: number; headers: http.IncomingHttpHeaders },
  what: string,
  path?: string,
) {
  checkSecurityHeaders(expect, response, what, path);
}
