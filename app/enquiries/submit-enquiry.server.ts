import { eq } from "drizzle-orm";
import type { RateLimitRule } from "#app/auth/rate-limit.server.ts";
import type { Catalogue } from "#app/catalogue/catalogue.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import { type EnquiryInterest, type EnquirySubject, enquiries } from "#app/db/enquiry-schema.ts";
import { enqueueMail } from "#app/email/outgoing-mail.server.ts";
import { recordRoomEvent } from "#app/rooms/room-events.server.ts";
import {
  type EnquiryFieldErrors,
  type EnquiryFieldName,
  type EnquiryValues,
  enquiryFieldNames,
  enquiryLimits,
  subjectTitles,
} from "./enquiry-fields.ts";
import { type EnquiryInput, enquiryInputSchema } from "./enquiry-input.server.ts";
import { enquiryMailSubject, enquiryMailText, studioEmail } from "./enquiry-mail.server.ts";
import { claimFormToken, tokenProblemMessages } from "./form-token.server.ts";
import { type ScreeningRules, screenPostedForm } from "./screen-posted-form.server.ts";

/**
 * Allowances of the public form (decision 032). The address's is charged before anything else
 * is looked at; the email's only for a form that passed the origin, honeypot and token checks:
 * a household or office sends a handful of enquiries an hour; a gallery opening on one Wi-Fi a few dozen; a flood is cut off at the 31st.
 */
export const enquiryLimitRules = {
  address: { limit: 30, windowSeconds: 60 * 60 },
  email: { limit: 5, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

/** The whole form in one body: the fields' limits and the names, with room to spare. */
export const MAX_ENQUIRY_BODY_BYTES = 16 * 1024;

/** An enquiry as stored, for its mail and tests. */
export interface StoredEnquiry {
  id: number;
  subject: EnquirySubject;
  subjectRef: string | null;
  subjectTitle: string;
  interests: EnquiryInterest[];
  name: string;
  email: string;
  message: string;
  location: string | null;
  phone: string | null;
  sourcePath: string;
  createdAt: Date;
  mailId: number;
  /** The viewing-room link it was sent through (issue 22), and what the studio calls that room. */
  roomLinkId?: number | null;
  room?: { title: string; linkNote: string } | null;
}

/**
 * An enquiry sent from a viewing room (issue 22): stored with its link, named in the studio's
 * mail, and its "Sent from" is `/rooms`, never the link's token. A `room` subject must name one
 * of the room's works.
 */
export interface RoomEnquiryContext {
  linkId: number;
  title: string;
  linkNote: string;
  workSlugs: readonly string[];
}

/** The source path stored for a room's enquiries: the token stays out of the table and the mail. */
export const ROOM_ENQUIRY_SOURCE = "/rooms";

export type EnquiryOutcome =
  | { ok: true; enquiry: StoredEnquiry }
  | {
      ok: false;
      status: 400 | 403 | 409 | 413 | 415 | 422 | 429;
      message: string;
      fieldErrors?: EnquiryFieldErrors;
      values?: EnquiryValues;
      headers?: Record<string, string>;
    };

const refuse = (
  status: Extract<EnquiryOutcome, { ok: false }>["status"],
  message: string,
  extra: Partial<Extract<EnquiryOutcome, { ok: false }>> = {},
): EnquiryOutcome => ({ ok: false, status, message, ...extra });

/** What a subject and its ref name, decided here and never taken from the browser. */
export function resolveSubject(
  catalogue: Catalogue,
  subject: EnquirySubject,
  ref: string | undefined,
): { subjectRef: string | null; subjectTitle: string } | { error: string } {
  if (subject === "work" || subject === "room") {
    const work = catalogue.find(ref);
    if (!work) return { error: "This form names a work that is not in the catalogue. Choose another subject." };
    return {
      subjectRef: work.slug,
      subjectTitle: subject === "room" ? `Private viewing: ${work.title}` : work.title,
    };
  }
  return { subjectRef: null, subjectTitle: subjectTitles[subject] };
}

function valuesOf(form: FormData): EnquiryValues {
  const text = (name: string, max: number) => String(form.get(name) ?? "").slice(0, max);
  return {
    subject: text("subject", 20),
    interests: form
      .getAll("interests")
      .map(String)
      .slice(0, 10)
      .map((value) => value.slice(0, 40)),
    name: text("name", enquiryLimits.name * 2),
    email: text("email", enquiryLimits.email * 2),
    message: text("message", enquiryLimits.message * 2),
    location: text("location", enquiryLimits.location * 2),
    phone: text("phone", enquiryLimits.phone * 2),
  };
}

/** The enquiry form's terms for the abuse checks every public form runs first. */
const enquiryScreening: ScreeningRules<EnquiryValues> = {
  name: "enquiry",
  limits: enquiryLimitRules,
  maxBodyBytes: MAX_ENQUIRY_BODY_BYTES,
  words: {
    wrongType: "This address takes the enquiry form, not another kind of request. Reload the page and send it.",
    tooLong: "The enquiry is too long to send. Shorten the message and send it again.",
    tooMany: (wait) =>
      `Too many enquiries from here in a short time. Try again in ${wait}, or write to the studio by email.`,
  },
  valuesOf,
  emailKey: (values) => values.email.trim().toLowerCase().slice(0, enquiryLimits.email),
};

/**
 * Everything between a posted form and a stored enquiry with its queued mail (decision 032).
 * In order: the abuse checks (screen-posted-form.server.ts: the client address's allowance, the
 * origin, the body, the honeypot, the form token's signature and age, the email address's
 * allowance), the fields, the token's single use, then one transaction. Each refusal is a 4xx
 * with a sentence.
 */
export async function submitEnquiry(
  db: AppDatabase,
  request: Request,
  clientAddress: string,
  /** The works a work or viewing enquiry may name: the content store's (decision 038). */
  catalogue: Catalogue,
  allowedOrigins?: readonly string[],
  room?: RoomEnquiryContext,
): Promise<EnquiryOutcome> {
  const screened = await screenPostedForm(db, request, clientAddress, enquiryScreening, allowedOrigins);
  if (!screened.ok) return screened;
  const { form, values, token } = screened;

  const checked = checkFields(form, values, catalogue, room);
  if ("refused" in checked) return checked.refused;
  const { parsed, resolved } = checked;

  if (!(await claimFormToken(db, token))) return refuse(409, tokenProblemMessages.replayed, { values });

  const input = room ? { ...parsed, source: ROOM_ENQUIRY_SOURCE } : parsed;
  const enquiry = await storeEnquiry(db, input, resolved, room);
  return { ok: true, enquiry };
}

/** The form's fields checked, and the work or room it names resolved; or the 422 answer saying what to change. */
function checkFields(
  form: FormData,
  values: ReturnType<typeof valuesOf>,
  catalogue: Catalogue,
  room?: RoomEnquiryContext,
):
  | { refused: EnquiryOutcome }
  | { parsed: EnquiryInput; resolved: { subjectRef: string | null; subjectTitle: string } } {
  const parsed = enquiryInputSchema.safeParse({
    subject: values.subject,
    ref: String(form.get("ref") ?? "") || undefined,
    interests: [...new Set(values.interests)],
    name: values.name,
    email: values.email,
    message: values.message,
    location: values.location,
    phone: values.phone,
    source: String(form.get("source") ?? ""),
  });
  const fieldErrors: EnquiryFieldErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === "ref" ? "subject" : issue.path[0];
      if (enquiryFieldNames.includes(field as EnquiryFieldName) && !fieldErrors[field as EnquiryFieldName]) {
        fieldErrors[field as EnquiryFieldName] = issue.message;
      }
    }
  }
  let resolved = parsed.success ? resolveSubject(catalogue, parsed.data.subject, parsed.data.ref) : undefined;
  if (room && parsed.success && parsed.data.subject === "room" && !room.workSlugs.includes(parsed.data.ref ?? "")) {
    resolved = { error: "This form names a work that is not in this room. Open the form again from the room." };
  }
  if (resolved && "error" in resolved) fieldErrors.subject = resolved.error;
  if (!parsed.success || !resolved || "error" in resolved) {
    const count = Object.keys(fieldErrors).length;
    const refused = refuse(
      422,
      count > 1
        ? `${count} fields need a change before the enquiry can be sent.`
        : "One field needs a change before the enquiry can be sent.",
      { fieldErrors, values },
    );
    return { refused };
  }
  return { parsed: parsed.data, resolved };
}

/** One transaction: the enquiry, its queued mail to the studio, and the room's event when it came from one. */
function storeEnquiry(
  db: AppDatabase,
  input: EnquiryInput,
  resolved: { subjectRef: string | null; subjectTitle: string },
  room: RoomEnquiryContext | undefined,
): Promise<StoredEnquiry> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(enquiries)
      .values({
        subject: input.subject,
        subjectRef: resolved.subjectRef,
        subjectTitle: resolved.subjectTitle,
        interests: input.interests,
        name: input.name,
        email: input.email,
        emailKey: input.email.toLowerCase(),
        message: input.message,
        location: input.location ?? null,
        phone: input.phone ?? null,
        sourcePath: input.source,
        roomLinkId: room?.linkId ?? null,
      })
      .returning();
    if (!row) throw new Error("the enquiry was not written");
    const stored: Omit<StoredEnquiry, "mailId"> = {
      id: row.id,
      subject: input.subject,
      subjectRef: resolved.subjectRef,
      subjectTitle: resolved.subjectTitle,
      interests: input.interests,
      name: input.name,
      email: input.email,
      message: input.message,
      location: input.location ?? null,
      phone: input.phone ?? null,
      sourcePath: input.source,
      createdAt: row.createdAt,
      roomLinkId: room?.linkId ?? null,
      room: room ? { title: room.title, linkNote: room.linkNote } : null,
    };
    const mailId = await enqueueMail(tx, {
      kind: "message",
      to: studioEmail(),
      subject: enquiryMailSubject(stored),
      text: enquiryMailText({ ...stored, mailId: 0 }),
    });
    await tx.update(enquiries).set({ mailId }).where(eq(enquiries.id, row.id));
    if (room) await recordRoomEvent(tx, { linkId: room.linkId, kind: "enquiry", workSlug: resolved.subjectRef });
    return { ...stored, mailId };
  });
}
