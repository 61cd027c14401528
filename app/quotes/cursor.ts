import { z } from "zod";

/** Position in a newest-first list: the last row's creation time and id (ties broken by id). */
export interface QuoteCursor {
  createdAt: Date;
  id: number;
}

// Only positions a real row can have, so a forged cursor is refused here (400) rather than by
// PostgreSQL (500): ids are `serial` (int4), and PostgreSQL has no year 0000.
const MAX_ID = 2_147_483_647;
const cursorShape = z.tuple([
  z.iso
    .datetime()
    .transform((text) => new Date(text))
    .refine((date) => date.getUTCFullYear() >= 1 && date.getUTCFullYear() <= 9999),
  z.number().int().positive().max(MAX_ID),
]);

/** An opaque, URL-safe cursor string. */
export function encodeCursor(cursor: QuoteCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt.toISOString(), cursor.id])).toString("base64url");
}

/** Reads a cursor string; undefined when it is not one this server wrote. */
export function decodeCursor(value: string): QuoteCursor | undefined {
  try {
    const parsed = cursorShape.safeParse(JSON.parse(Buffer.from(value, "base64url").toString("utf8")));
    return parsed.success ? { createdAt: parsed.data[0], id: parsed.data[1] } : undefined;
  } catch {
    return undefined;
  }
}
