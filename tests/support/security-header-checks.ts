import type http from "node:http";
import { fixedSecurityHeaders, isolatesWindow } from "#server/security-headers.ts";

/** The part of Playwright's and Vitest's `expect` these checks use: either can be passed in. */
type Expect = (
  actual: unknown,
  message?: string,
) => { toBe(expected: unknown): void; toBeUndefined(): void; toContain(expected: string): void };

// What every answer must carry, exactly as the server defines it (the server here has no
// https PUBLIC_URL, so no HSTS). A public page leaves out window isolation (decision 056).
function expectedFixedHeaders(path: string | undefined): [string, string][] {
  const isolateWindow = path === undefined || isolatesWindow(path.split("?")[0] ?? path);
  return Object.entries(fixedSecurityHeaders({ production: true, isolateWindow })).filter(
    ([name]) => name !== "Strict-Transport-Security",
  );
}

/** `path`: the address asked for, when the answer is a page (a public one has no COOP). */
export function expectSecurityHeaders(
  expect: Expect,
  response: { status: number; headers: http.IncomingHttpHeaders },
  what: string,
  path?: string,
) {
  const expected = expectedFixedHeaders(path);
  for (const [name, value] of expected) {
    expect(response.headers[name.toLowerCase()], `${what} (HTTP ${response.status}) carries ${name}`).toBe(value);
  }
  if (!expected.some(([name]) => name === "Cross-Origin-Opener-Policy")) {
    expect(response.headers["cross-origin-opener-policy"], `${what} leaves its window open`).toBeUndefined();
  }
  expect(response.headers["content-security-policy"], `${what} carries a CSP`).toContain("default-src 'self'");
  expect(response.headers["permissions-policy"]).toContain("camera=()");
  // Served over plain http: HSTS there is meaningless and would pin a host that has no TLS.
  expect(response.headers["strict-transport-security"], `${what} sends no HSTS over http`).toBeUndefined();
}
