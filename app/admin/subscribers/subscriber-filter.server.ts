import { z } from "zod";
import { badInput } from "#app/admin/enquiries/inbox-input.server.ts";
import { subscriberStatuses } from "#app/db/subscription-schema.ts";
import { topicKeySchema } from "#app/subscriptions/subscription-input.server.ts";
import { subscribeLimits } from "#app/subscriptions/subscription-words.ts";
import type { SubscriberFilter } from "./subscriber-list-href.ts";

const filterInput = z.object({
  q: z.string().max(subscribeLimits.address).optional(),
  status: z.enum(subscriberStatuses).optional(),
  topic: topicKeySchema.optional(),
  before: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
});

const problems: Record<string, string> = {
  q: `Search for at most ${subscribeLimits.address} characters: part of one address.`,
  status: "There is no such status: use pending, confirmed or left.",
  topic: "There is no such topic: choose one from the list of topics.",
};

/** The list's filter from the page's address; anything unreadable is a 400 saying what is wrong. */
export function readSubscriberFilter(url: URL): SubscriberFilter {
  const raw: Record<string, string> = {};
  for (const key of ["q", "status", "topic", "before"]) {
    const value = url.searchParams.get(key);
    // The search form sends every field: an empty one counts as absent.
    if (value !== null && value.trim() !== "") raw[key] = value;
  }
  const input = filterInput.safeParse(raw);
  if (!input.success) {
    const field = String(input.error.issues[0]?.path[0] ?? "");
    badInput(problems[field] ?? "That page of the list does not exist: start again from the newest.");
  }
  return { ...input.data, q: input.data.q?.trim() ?? "" };
}
