import { and, desc, eq, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { AppDatabase } from "#app/db/database.server.ts";
import {
  type Enquiry,
  type EnquiryStatus,
  type EnquirySubject,
  enquiries,
  enquiryStatuses,
} from "#app/db/enquiry-schema.ts";
import { outgoingMail } from "#app/db/mail-schema.ts";

import { INBOX_PAGE_SIZE, MAX_NOTES_LENGTH } from "./inbox-limits.ts";

export { INBOX_PAGE_SIZE, MAX_NOTES_LENGTH, MAX_SEARCH_LENGTH } from "./inbox-limits.ts";

/** What the inbox shows: a status (or every one but spam), a subject, words to look for. */
export interface InboxFilter {
  status?: EnquiryStatus;
  subject?: EnquirySubject;
  search?: string;
}

/** Where a page starts: after the enquiry with this creation time and id (newest first). */
export interface InboxCursor {
  createdAt: Date;
  id: number;
}

/** One line of the inbox: enough to recognise an enquiry, not its whole text. */
export interface InboxRow {
  id: number;
  subject: string;
  subjectTitle: string;
  name: string;
  email: string;
  excerpt: string;
  status: EnquiryStatus;
  unread: boolean;
  createdAt: Date;
}

/** `"1732500000000.42"`: a page's position, opaque to the studio, checked when read back. */
export function encodeCursor(cursor: InboxCursor): string {
  return `${cursor.createdAt.getTime()}.${cursor.id}`;
}

/** The cursor a link carried, or undefined when it is not one (a bad cursor starts at the newest). */
export function decodeCursor(value: string | null | undefined): InboxCursor | undefined {
  const match = /^(\d{1,15})\.(\d{1,10})$/.exec(value ?? "");
  if (!match) return undefined;
  const id = Number(match[2]);
  if (id > 2_147_483_647) return undefined;
  return { createdAt: new Date(Number(match[1])), id };
}

/** `%`, `_` and `\` typed by the studio match themselves, not any text. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function filterCondition(filter: InboxFilter): SQL | undefined {
  const conditions: SQL[] = [];
  conditions.push(filter.status ? eq(enquiries.status, filter.status) : ne(enquiries.status, "spam"));
  if (filter.subject) conditions.push(eq(enquiries.subject, filter.subject));
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    const matches = or(
      sql`${enquiries.name} ilike ${pattern}`,
      sql`${enquiries.email} ilike ${pattern}`,
      sql`${enquiries.message} ilike ${pattern}`,
      sql`${enquiries.subjectTitle} ilike ${pattern}`,
      sql`coalesce(${enquiries.location}, '') ilike ${pattern}`,
    );
    if (matches) conditions.push(matches);
  }
  return and(...conditions);
}

/**
 * One page of the inbox, newest first, from `after` on (keyset: the index on created_at, id
 * gives any page in the same time, however deep). `next` is the cursor of the page after,
 * or undefined on the last page.
 */
export async function listEnquiries(
  db: AppDatabase,
  filter: InboxFilter,
  after?: InboxCursor,
  pageSize = INBOX_PAGE_SIZE,
): Promise<{ rows: InboxRow[]; next?: InboxCursor }> {
  const where = and(
    filterCondition(filter),
    after
      ? sql`(${enquiries.createdAt}, ${enquiries.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`
      : undefined,
  );
  const found = await db
    .select({
      id: enquiries.id,
      subject: enquiries.subject,
      subjectTitle: enquiries.subjectTitle,
      name: enquiries.name,
      email: enquiries.email,
      excerpt: sql<string>`left(${enquiries.message}, 160)`,
      status: enquiries.status,
      readAt: enquiries.readAt,
      createdAt: enquiries.createdAt,
    })
    .from(enquiries)
    .where(where)
    .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
    .limit(pageSize + 1);
  const page = found.slice(0, pageSize);
  const last = page.at(-1);
  return {
    rows: page.map(({ readAt, status, ...row }) => ({
      ...row,
      status: status as EnquiryStatus,
      unread: readAt === null,
    })),
    next: found.length > pageSize && last ? { createdAt: last.createdAt, id: last.id } : undefined,
  };
}

/** How many enquiries each status holds, and how many are unread (spam never counts as unread). */
export interface InboxCounts {
  byStatus: Record<EnquiryStatus, number>;
  unread: number;
}

/** Every count the inbox and the admin navigation show, in one query. */
export async function inboxCounts(db: AppDatabase): Promise<InboxCounts> {
  const [row] = await db
    .select({
      new: sql<number>`count(*) filter (where ${enquiries.status} = 'new')::int`,
      replied: sql<number>`count(*) filter (where ${enquiries.status} = 'replied')::int`,
      closed: sql<number>`count(*) filter (where ${enquiries.status} = 'closed')::int`,
      spam: sql<number>`count(*) filter (where ${enquiries.status} = 'spam')::int`,
      unread: sql<number>`count(*) filter (where ${enquiries.readAt} is null and ${enquiries.status} <> 'spam')::int`,
    })
    .from(enquiries);
  const counts = row ?? { new: 0, replied: 0, closed: 0, spam: 0, unread: 0 };
  return {
    byStatus: { new: counts.new, replied: counts.replied, closed: counts.closed, spam: counts.spam },
    unread: counts.unread,
  };
}

/** The unread count alone (the navigation on every admin screen). */
export async function unreadEnquiryCount(db: AppDatabase): Promise<number> {
  const [row] = await db
    .select({ unread: sql<number>`count(*)::int` })
    .from(enquiries)
    .where(and(isNull(enquiries.readAt), ne(enquiries.status, "spam")));
  return row?.unread ?? 0;
}

/** An enquiry with what became of the mail that told the studio about it. */
export type EnquiryDetail = Enquiry & {
  mail: { status: string; attempts: number; sentAt: Date | null; lastError: string | null } | null;
};

/** Marks an enquiry read, the first time it is opened (after that, nothing changes). */
export async function markEnquiryRead(db: AppDatabase, id: number): Promise<void> {
  await db
    .update(enquiries)
    .set({ readAt: sql`now()` })
    .where(and(eq(enquiries.id, id), isNull(enquiries.readAt)));
}

/** One enquiry, read as it is opened: the first opening marks it read. Undefined when there is none. */
export async function openEnquiry(db: AppDatabase, id: number): Promise<EnquiryDetail | undefined> {
  await markEnquiryRead(db, id);
  return getEnquiry(db, id);
}

/** One enquiry without marking it read. */
export async function getEnquiry(db: AppDatabase, id: number): Promise<EnquiryDetail | undefined> {
  const [row] = await db
    .select({
      enquiry: enquiries,
      mailStatus: outgoingMail.status,
      mailAttempts: outgoingMail.attempts,
      mailSentAt: outgoingMail.sentAt,
      mailLastError: outgoingMail.lastError,
    })
    .from(enquiries)
    .leftJoin(outgoingMail, eq(outgoingMail.id, enquiries.mailId))
    .where(eq(enquiries.id, id));
  if (!row) return undefined;
  return {
    ...row.enquiry,
    mail:
      row.mailStatus === null
        ? null
        : {
            status: row.mailStatus,
            attempts: row.mailAttempts ?? 0,
            sentAt: row.mailSentAt,
            lastError: row.mailLastError,
          },
  };
}

/** Sets an enquiry's status; false when there is no such enquiry. */
export async function setEnquiryStatus(db: AppDatabase, id: number, status: EnquiryStatus): Promise<boolean> {
  if (!enquiryStatuses.includes(status)) throw new Error(`not a status: ${status}`);
  const changed = await db
    .update(enquiries)
    .set({ status, readAt: sql`coalesce(${enquiries.readAt}, now())` })
    .where(eq(enquiries.id, id))
    .returning({ id: enquiries.id });
  return changed.length === 1;
}

/** Marks an enquiry unread again (the studio wants to come back to it); false when there is none. */
export async function markEnquiryUnread(db: AppDatabase, id: number): Promise<boolean> {
  const changed = await db
    .update(enquiries)
    .set({ readAt: null })
    .where(eq(enquiries.id, id))
    .returning({ id: enquiries.id });
  return changed.length === 1;
}

/** Saves the studio's private notes; false when there is no such enquiry. */
export async function saveEnquiryNotes(db: AppDatabase, id: number, notes: string): Promise<boolean> {
  if (notes.length > MAX_NOTES_LENGTH) throw new Error("notes too long");
  const changed = await db.update(enquiries).set({ notes }).where(eq(enquiries.id, id)).returning({ id: enquiries.id });
  return changed.length === 1;
}

/**
 * Deletes enquiries matching `where` and, in the same statement, the mail records that carried
 * their text to the studio. Returns how many of each went.
 */
async function deleteWithMail(
  db: Pick<AppDatabase, "execute">,
  where: SQL,
): Promise<{ enquiries: number; mail: number }> {
  const result = await db.execute<{ enquiries: number; mail: number }>(sql`
    with gone as (
      delete from ${enquiries} where ${where} returning ${enquiries.mailId} as mail_id
    ), mail as (
      delete from ${outgoingMail} where ${outgoingMail.id} in (select mail_id from gone where mail_id is not null)
      returning 1
    )
    select (select count(*) from gone)::int as enquiries, (select count(*) from mail)::int as mail
  `);
  const row = result.rows[0];
  return { enquiries: Number(row?.enquiries ?? 0), mail: Number(row?.mail ?? 0) };
}

/** Deletes one enquiry and its mail record; false when there was none. */
export async function deleteEnquiry(db: AppDatabase, id: number): Promise<boolean> {
  const gone = await deleteWithMail(db, sql`${enquiries.id} = ${id}`);
  return gone.enquiries === 1;
}

/** How an address is compared: trimmed and lower-cased, as `email_key` is stored. */
export function emailKeyOf(email: string): string {
  return email.trim().toLowerCase();
}

/** What "forget this address" would delete: shown before the studio confirms. */
export async function forgetPreview(db: AppDatabase, email: string): Promise<{ enquiries: number; mail: number }> {
  const key = emailKeyOf(email);
  const result = await db.execute<{ enquiries: number; mail: number }>(sql`
    select
      (select count(*) from ${enquiries} where ${enquiries.emailKey} = ${key})::int as enquiries,
      (select count(*) from ${outgoingMail} where ${outgoingMail.id} in (
         select ${enquiries.mailId} from ${enquiries} where ${enquiries.emailKey} = ${key}
       ) or (${outgoingMail.kind} = 'message' and ${outgoingMail.body} ilike ${`%${escapeLike(key)}%`})
      )::int as mail
  `);
  const row = result.rows[0];
  return { enquiries: Number(row?.enquiries ?? 0), mail: Number(row?.mail ?? 0) };
}

/**
 * A person's request to be forgotten: in one transaction, every enquiry from the address
 * (compared lower-cased), the mail records that carried them to the studio, and any other
 * message whose text names the address (an enquiry deleted earlier, one by one). Returns how
 * many of each went.
 */
export async function forgetEmail(db: AppDatabase, email: string): Promise<{ enquiries: number; mail: number }> {
  const key = emailKeyOf(email);
  if (!key) return { enquiries: 0, mail: 0 };
  return db.transaction(async (tx) => {
    const gone = await deleteWithMail(tx, sql`${enquiries.emailKey} = ${key}`);
    const more = await tx
      .delete(outgoingMail)
      .where(and(eq(outgoingMail.kind, "message"), sql`${outgoingMail.body} ilike ${`%${escapeLike(key)}%`}`))
      .returning({ id: outgoingMail.id });
    return { enquiries: gone.enquiries, mail: gone.mail + more.length };
  });
}

/**
 * Removes closed and spam enquiries (and their mail records) whose status last changed more
 * than `retentionDays` ago. Idempotent and cheap (the index on status, status_changed_at), so
 * every process may run it. Returns how many enquiries went.
 */
export async function sweepExpiredEnquiries(db: AppDatabase, retentionDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  const gone = await deleteWithMail(
    db,
    and(
      inArray(enquiries.status, ["closed", "spam"]),
      sql`${enquiries.statusChangedAt} < ${cutoff.toISOString()}::timestamptz`,
    ) as SQL,
  );
  return gone.enquiries;
}

/** Every enquiry matching a filter, newest first, in batches (the CSV export streams them). */
export async function* enquiriesForExport(
  db: AppDatabase,
  filter: InboxFilter | "all",
  batchSize = 500,
): AsyncGenerator<Enquiry[]> {
  let after: InboxCursor | undefined;
  for (;;) {
    const where = and(
      filter === "all" ? undefined : filterCondition(filter),
      after
        ? sql`(${enquiries.createdAt}, ${enquiries.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`
        : undefined,
    );
    const batch = await db
      .select()
      .from(enquiries)
      .where(where)
      .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
      .limit(batchSize);
    if (batch.length === 0) return;
    yield batch;
    const last = batch.at(-1) as Enquiry;
    if (batch.length < batchSize) return;
    after = { createdAt: last.createdAt, id: last.id };
  }
}
