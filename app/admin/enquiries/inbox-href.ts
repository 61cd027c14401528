export type InboxFilter = { status: string; subject: string; q: string };

/** The address of the inbox with some of its filter changed (and paging reset). */
export function inboxHref(filter: InboxFilter, change: Partial<typeof filter> = {}) {
  const next = { ...filter, ...change };
  const params = new URLSearchParams();
  if (next.status) params.set("status", next.status);
  if (next.subject) params.set("subject", next.subject);
  if (next.q) params.set("q", next.q);
  const query = params.toString();
  return query ? `/admin/enquiries?${query}` : "/admin/enquiries";
}
