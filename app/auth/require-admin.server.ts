import crypto from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { getEnv } from "~/config/env.server";

/** Who is acting as admin (sessions will add the user's id and email). */
export interface AdminIdentity {
  kind: "api-token";
  id: string;
}

function jsonError(status: number, message: string): Response {
  return Response.json({ message }, { status, headers: { "Cache-Control": "no-store" } });
}

function sameSecret(given: string, expected: string): boolean {
  // Hash both first so the comparison takes the same time whatever the lengths.
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * Guards every admin endpoint. Denies by default. For now the only way in is
 * `Authorization: Bearer <ADMIN_API_TOKEN>` when that variable is set; the admin work replaces
 * this body with session checks. Returns the admin, or throws a 401 JSON Response.
 */
export async function requireAdmin(
  request: Request,
  _context: Readonly<RouterContextProvider>,
): Promise<AdminIdentity> {
  const expected = getEnv().ADMIN_API_TOKEN;
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (expected && match?.[1] && sameSecret(match[1], expected)) {
    return { kind: "api-token", id: "api-token" };
  }
  throw jsonError(401, "Sign in as an admin to do this.");
}
