import { isDatabaseUnreachable } from "#app/db/database-unreachable.server.ts";
import { DATABASE_UNAVAILABLE_MESSAGE } from "#app/http/outage-answers.server.ts";
import { DISK_FULL_MESSAGE, isDiskFull } from "#app/observability/disk-full.ts";
import { noteDiskFull } from "#app/observability/disk-full-log.server.ts";
import { getLogger } from "#app/observability/logger.server.ts";

/** The status and message of a better-auth APIError (or a generic failure). */
export function authErrorOf(error: unknown): { status: number; message: string; code?: string } {
  // The auth library's database calls failed (it wraps them in a 500 APIError): the outage is
  // named, not "something went wrong".
  if (isDatabaseUnreachable(error)) return { status: 503, message: DATABASE_UNAVAILABLE_MESSAGE };
  if (isDiskFull(error)) {
    noteDiskFull(error);
    return { status: 507, message: DISK_FULL_MESSAGE };
  }
  if (error && typeof error === "object" && "statusCode" in error) {
    const body = (error as { body?: { message?: string; code?: string } }).body;
    return {
      status: Number((error as { statusCode: number }).statusCode) || 400,
      message: body?.message || "Something went wrong. Try again.",
      code: body?.code,
    };
  }
  getLogger().error({ err: error }, "auth call failed");
  return { status: 500, message: "Something went wrong. Try again." };
}

/** Response headers carrying only the Set-Cookie lines of an auth call. */
export function cookieHeaders(from: Headers | undefined): Headers {
  const headers = new Headers();
  for (const cookie of from?.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  return headers;
}
