import { z } from "zod";
import type { Quote } from "#app/db/schema.ts";

// The one definition of a quote as the API, the event hub, the admin stream and the admin
// screen see it (JSON-safe: dates as ISO strings). Client-safe: no server imports.

export const publicQuoteSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
});

/** A quote as the public wall sees it. */
export type PublicQuote = z.infer<typeof publicQuoteSchema>;

export const adminQuoteSchema = publicQuoteSchema.extend({
  includeInSearch: z.boolean(),
  updatedAt: z.string(),
});

/** A quote as the admin sees it. */
export type AdminQuote = z.infer<typeof adminQuoteSchema>;

/** The data of a `quote` server-sent event: the changed row. */
export const quoteEventData = z.object({ quote: adminQuoteSchema });

export interface QuotePage<T> {
  quotes: T[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

export const visibilityFilter = z.enum(["all", "public", "hidden"]);

export type VisibilityFilter = z.infer<typeof visibilityFilter>;

export interface QuoteCounts {
  all: number;
  public: number;
  hidden: number;
}

export function toPublicQuote(row: Pick<Quote, "id" | "text" | "createdAt">): PublicQuote {
  return { id: row.id, text: row.text, createdAt: row.createdAt.toISOString() };
}

export function toAdminQuote(
  row: Pick<Quote, "id" | "text" | "createdAt" | "includeInSearch" | "updatedAt">,
): AdminQuote {
  return { ...toPublicQuote(row), includeInSearch: row.includeInSearch, updatedAt: row.updatedAt.toISOString() };
}
