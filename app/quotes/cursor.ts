import { z } from "zod";

/** Position in a newest-first list: the last row's creation time and id (ties broken by id). */
export interface QuoteCursor {
  createdAt: Date;
  id: number;
}

const cursorShape = z.tuple([z.iso.datetime(), z.number().int().positive()]);

/** An opaque, URL-safe cursor string. */
export function encodeCursor(cursor: QuoteCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt.toISOString(), cursor.id])).toString("base64url");
}

/** Reads a cursor string; undefined when it is not one this server wrote. */
export function decodeCursor(value: string): QuoteCursor | undefined {
  try {
    const parsed = cursorShape.safeParse(JSON.parse(Buffer.from(value, "base64url").toString("utf8")));
    return parsed.success ? { createdAt: new Date(parsed.data[0]), id: parsed.data[1] } : undefined;
  } catch {
    return undefined;
  }
}
