import { z } from "zod";
import type { LIST_HEADER_NAMES } from "./list-headers.ts";

/**
 * One recipient's copy of a mailing as the outbox keeps it: its parts, made when it was queued
 * (its unsubscribe address is the recipient's own), so a restart sends what the studio sent.
 */
export interface StoredMailing {
  text: string;
  html?: string;
  headers?: Partial<Record<(typeof LIST_HEADER_NAMES)[number], string>>;
}

const storedMailingSchema = z.object({
  text: z.string(),
  html: z.string().optional(),
  // Checked against the allowed list again when sent (deliver-mail.server.ts).
  headers: z.record(z.string(), z.string()).optional(),
});

export function storedMailingBody({ text, html, headers }: StoredMailing): string {
  return JSON.stringify({ text, ...(html === undefined ? {} : { html }), ...(headers ? { headers } : {}) });
}

/** The parts back from a row's body; throws (the send fails) when the body is not one. */
export function parseStoredMailing(body: string | null): StoredMailing {
  // JSON.parse's own message quotes the text: it could put an unsubscribe token in the log.
  let value: unknown;
  try {
    value = body === null ? undefined : JSON.parse(body);
  } catch {
    value = undefined;
  }
  const parsed = storedMailingSchema.safeParse(value);
  if (!parsed.success) throw new Error("the mailing's stored parts are not readable");
  return parsed.data as StoredMailing;
}
