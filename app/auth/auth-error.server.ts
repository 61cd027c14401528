import { getLogger } from "#app/observability/logger.server.ts";

/** The status and message of a better-auth APIError (or a generic failure). */
export function authErrorOf(error: unknown): { status: number; message: string; code?: string } {
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
