import type { z } from "zod";
import { InvalidCursorError, UnknownQuotesError } from "#app/quotes/quotes.server.ts";
import { outageAnswer } from "./outage-answers.server.ts";

/**
 * The one error answer of routes and the API: `{ message, field? }`, not cached. The Express
 * layer answers the same shape (error-answer.server.ts).
 */
export function jsonError(
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Response {
  return Response.json({ message, ...extra }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/** Validates input; on failure throws a 400 whose message names the first bad field. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join(".") || undefined;
  const message = field ? `${field}: ${issue?.message}` : (issue?.message ?? "Invalid input");
  throw jsonError(400, message, field ? { field } : {});
}

/** The request's JSON body, or a thrown 400 when it is not JSON. */
export async function readJsonBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    throw jsonError(400, "The request body must be JSON");
  }
}

/** Query-string parameters as a plain object (the last value wins). */
export function searchParamsOf(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}

/**
 * Maps known domain errors to API errors, and outages (database unreachable: 503, disk full:
 * 507) to theirs; anything else is rethrown (a 500).
 */
export function toApiError(error: unknown): never {
  if (error instanceof Response) throw error;
  const outage = outageAnswer(error, "json");
  if (outage) throw outage;
  if (error instanceof InvalidCursorError) throw jsonError(400, `cursor: ${error.message}`, { field: "cursor" });
  if (error instanceof UnknownQuotesError) throw jsonError(404, error.message, { ids: error.ids });
  throw error;
}

/** Answers a method the endpoint does not support. */
export function methodNotAllowed(allowed: string[]): Response {
  return jsonError(405, `Method not allowed; use ${allowed.join(" or ")}`, {}, { Allow: allowed.join(", ") });
}
