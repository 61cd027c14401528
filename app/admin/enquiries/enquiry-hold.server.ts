import { data } from "react-router";
import { parseUnitKey, unitKey } from "#app/admin/editions/edition-studio-words.ts";
import { holdUntilFrom } from "#app/admin/editions/ledger-form-input.server.ts";
import type { Catalogue } from "#app/catalogue/catalogue.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import { EditionLedger } from "#app/editions/edition-ledger.server.ts";
import { LedgerRefusal } from "#app/editions/edition-refusal.ts";
import { holdEnd, unitAtStart } from "#app/editions/edition-words.ts";
import { sameEmail } from "#app/editions/unit-holds.server.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** What an enquiry's page needs of it to offer a hold: who sent it, and about which work. */
export interface EnquiryForHold {
  id: number;
  subject: string;
  subjectRef: string | null;
  name: string;
  email: string;
}

/** The work an enquiry is about when it names one of the catalogue's (a work's page, or a room's work). */
function workOf(catalogue: Catalogue, enquiry: EnquiryForHold) {
  return enquiry.subject === "work" || enquiry.subject === "room"
    ? catalogue.find(enquiry.subjectRef ?? "")
    : undefined;
}

/**
 * "Hold a print for this collector" on an enquiry's page: offered when the enquiry is about a
 * work that has an edition. The prints it can hold (free ones, or one already held for this
 * email, whose hold then moves), and the ones held from this enquiry. Undefined otherwise.
 */
export async function enquiryHoldOffer(db: AppDatabase, catalogue: Catalogue, enquiry: EnquiryForHold, now: Date) {
  const work = workOf(catalogue, enquiry);
  if (!work) return undefined;
  const ledger = new EditionLedger({ db, catalogue, now: () => now });
  const summary = await ledger.availability(work.slug);
  if (!summary) return undefined;
  const units = await ledger.units(work.slug);
  return {
    workSlug: work.slug,
    workTitle: work.title,
    line: summary.line,
    choices: units
      .filter((unit) => unit.state === "available" || (unit.hold && sameEmail(unit.hold.holderEmail, enquiry.email)))
      .map((unit) => ({ key: unitKey(unit), label: unit.label })),
    heldHere: units
      .filter((unit) => unit.hold?.enquiryId === enquiry.id)
      .map((unit) => ({ label: unit.label, until: holdEnd(unit.hold?.until ?? now) })),
    untilDefault: new Date(now.getTime() + 14 * DAY_MS).toISOString().slice(0, 10),
  };
}

export type EnquiryHoldOffer = NonNullable<Awaited<ReturnType<typeof enquiryHoldOffer>>>;

/** The answer to the hold form: what was held, or the ledger's refusal with what was chosen. */
export interface EnquiryHoldAnswer {
  hold: { ok: true; message: string } | { ok: false; message: string; unit: string; until: string };
}

/**
 * Holds the print the form names for the enquiry's sender (their name and email, and the
 * enquiry's id on the hold), until the day chosen. Only the print and the day come from the
 * form; the work is the enquiry's own.
 */
export async function holdForEnquiry(db: AppDatabase, catalogue: Catalogue, enquiry: EnquiryForHold, form: FormData) {
  const unitText = String(form.get("unit") ?? "").slice(0, 10);
  const untilText = String(form.get("until") ?? "").slice(0, 20);
  const refused = (message: string, status: number) =>
    data<EnquiryHoldAnswer>({ hold: { ok: false, message, unit: unitText, until: untilText } }, { status });
  const work = workOf(catalogue, enquiry);
  if (!work) return refused("This enquiry is not about a work of the catalogue, so there is no print to hold.", 409);
  const unit = parseUnitKey(unitText);
  if (!unit) return refused("Choose which print to hold.", 400);
  try {
    const ledger = new EditionLedger({ db, catalogue });
    const hold = await ledger.hold({
      workSlug: work.slug,
      ...unit,
      until: holdUntilFrom(untilText),
      holderName: enquiry.name,
      holderEmail: enquiry.email,
      enquiryId: enquiry.id,
    });
    const edition = await ledger.availability(work.slug);
    const label = edition ? unitAtStart(edition, unit) : "The print";
    return data<EnquiryHoldAnswer>({
      hold: { ok: true, message: `${label} is on hold for ${enquiry.name} until ${holdEnd(hold.until)}.` },
    });
  } catch (error) {
    if (error instanceof LedgerRefusal) return refused(error.message, error.status);
    throw error;
  }
}
