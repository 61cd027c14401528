import { z } from "zod";
import { visibilityFilter } from "./quote-views.ts";

const searchText = z.string().trim().max(200).optional();
const cursor = z.string().max(200).optional();

export const publicListQuery = z.object({
  q: searchText,
  cursor,
  limit: z.coerce.number().int().min(1).max(100).default(24),
});

export type PublicListQuery = z.infer<typeof publicListQuery>;

export const adminListQuery = z.object({
  q: searchText,
  cursor,
  // Up to 5,000: the admin screen loads the rest of its list (after the first page its HTML
  // carries) in a few requests, as many rows as one toggle may change (setManyVisibilityBody).
  limit: z.coerce.number().int().min(1).max(5000).default(50),
  filter: visibilityFilter.default("all"),
});

export const quoteIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const setVisibilityBody = z.object({ includeInSearch: z.boolean() }).strict();

export const setManyVisibilityBody = z
  .object({
    ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(5000),
    includeInSearch: z.boolean(),
  })
  .strict();
