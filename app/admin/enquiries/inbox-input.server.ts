import { data } from "react-router";
import { z } from "zod";
import { enquiryStatuses, enquirySubjects } from "#app/db/enquiry-schema.ts";
import { decodeCursor, type InboxCursor, type InboxFilter, MAX_SEARCH_LENGTH } from "#app/enquiries/inbox.server.ts";

const noStore = { "Cache-Control": "no-store" };

const filterInput = z.object({
  status: z.enum(enquiryStatuses).optional(),
  subject: z.enum(enquirySubjects).optional(),
  q: z.string().max(MAX_SEARCH_LENGTH).optional(),
  after: z.string().max(40).optional(),
});

/** A 4xx whose sentence the admin screens' error boundary shows. */
export function badInput(message: string, status = 400): never {
  throw data(message, { status, headers: noStore });
}

/**
 * The inbox's filter from its address: `status` (one of the four, or absent for everything but
 * spam), `subject`, `q` (search words) and `after` (a page cursor). Anything else is a 400 saying
 * what is wrong; an empty field counts as absent (the filter form sends every field).
 */
export function readInboxFilter(url: URL): { filter: InboxFilter; after?: InboxCursor } {
  const raw: Record<string, string> = {};
  for (const key of ["status", "subject", "q", "after"]) {
    const value = url.searchParams.get(key);
    if (value !== null && value.trim() !== "") raw[key] = value;
  }
  const input = filterInput.safeParse(raw);
  if (!input.success) {
    const field = input.error.issues[0]?.path[0];
    if (field === "status") badInput(`There is no status "${raw.status}": use new, replied, closed or spam.`);
    if (field === "subject") badInput(`There is no subject "${raw.subject}".`);
    if (field === "q") badInput(`Search for at most ${MAX_SEARCH_LENGTH} characters.`);
    badInput("That page of the inbox does not exist: start again from the newest.");
  }
  const after = input.data.after === undefined ? undefined : decodeCursor(input.data.after);
  if (input.data.after !== undefined && !after) {
    badInput("That page of the inbox does not exist: start again from the newest.");
  }
  return {
    filter: { status: input.data.status, subject: input.data.subject, search: input.data.q?.trim() || undefined },
    after,
  };
}

/** An enquiry number from the address: digits that fit the id column, else a 400. */
export function readEnquiryId(value: string | undefined): number {
  if (!value || !/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > 2_147_483_647) {
    badInput("That is not an enquiry number.");
  }
  return Number(value);
}
