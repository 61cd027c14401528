import type { SubscriberStatus } from "#app/db/subscription-schema.ts";

/** What the list shows: part of an address, a status, a topic, and the page (rows below an id). */
export interface SubscriberFilter {
  q: string;
  status?: SubscriberStatus;
  topic?: string;
  before?: number;
}

/** The list's address for a filter, with `changes` applied (undefined removes a field). */
export function subscriberListHref(filter: SubscriberFilter, changes: Partial<SubscriberFilter> = {}): string {
  const next = { ...filter, ...changes };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.status) params.set("status", next.status);
  if (next.topic) params.set("topic", next.topic);
  if (next.before) params.set("before", String(next.before));
  const query = params.toString();
  return `/admin/subscribers${query ? `?${query}` : ""}`;
}
