import { LedgerRefusal } from "#app/editions/edition-refusal.ts";
import { currencyDigits, parseUnitKey } from "./edition-studio-words.ts";

/**
 * What the ledger screen's forms send, turned into what the ledger takes (its own zod schemas
 * check every value: app/editions/edition-input.server.ts). Only the fields each form has are
 * read, so a forged extra field changes nothing; text that cannot be a number or a date is
 * refused here with a sentence about the field the studio typed in.
 */

/** Longest value kept to show back in a refused form: longer than any field allows. */
const KEPT_LENGTH = 2_100;

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** A whole number as typed: digits (with a sign) become a number, empty is left out, anything else NaN (refused). */
function wholeFrom(value: string): number | undefined {
  const trimmed = value.trim();
  if (trimmed === "") return undefined;
  return /^-?\d{1,20}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The print a form names, from its `unit` field ("3", "ap-1"). */
export function unitOf(form: FormData): { number: number; artistProof: boolean } {
  const unit = parseUnitKey(text(form, "unit"));
  if (!unit) throw new LedgerRefusal("The form does not say which print it is about. Reload the page.", 400);
  return unit;
}

/** A price as people type it ("1,200", "1200.50") in the currency's smallest unit. */
export function priceMinorFrom(typed: string, currency: string): number {
  const value = typed.trim().replace(/^[$€£¥]/, "");
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/.test(value)) {
    throw new LedgerRefusal("Give the price as a number, like 1200 or 1,200.00.", 400);
  }
  const [whole = "0", fraction = ""] = value.replace(/,/g, "").split(".");
  const digits = currencyDigits(currency.trim().toUpperCase());
  if (fraction.length > digits) {
    throw new LedgerRefusal(
      digits === 0
        ? `${currency.trim().toUpperCase()} prices have no fractions; give a whole amount.`
        : `Give the price with at most ${digits} digits after the point.`,
      400,
    );
  }
  // Digits only, so the number is exact until it is far past any price (the ledger refuses those).
  return Number(`${whole}${fraction.padEnd(digits, "0")}`);
}

/** A hold's last day (`2026-12-31`) as the end of that day, UTC. */
export function holdUntilFrom(day: string): Date {
  const value = day.trim();
  const date = new Date(`${value}T23:59:59.000Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(date.getTime()) || !date.toISOString().startsWith(value)) {
    throw new LedgerRefusal("Give the hold's last day as a date like 2026-12-31.", 400);
  }
  return date;
}

/** The edition form: unique, or an edition of N with artist's proofs. */
export function editionFrom(form: FormData, workSlug: string) {
  const kind = text(form, "kind");
  if (kind === "unique") return { workSlug, kind };
  return {
    workSlug,
    kind,
    size: wholeFrom(text(form, "size")),
    artistProofs: wholeFrom(text(form, "artistProofs")) ?? 0,
  };
}

export function holdFrom(form: FormData, workSlug: string) {
  return {
    workSlug,
    ...unitOf(form),
    until: holdUntilFrom(text(form, "until")),
    holderName: text(form, "holderName"),
    holderEmail: text(form, "holderEmail"),
    note: text(form, "note"),
  };
}

export function saleFrom(form: FormData, workSlug: string) {
  const currency = text(form, "currency");
  return {
    workSlug,
    ...unitOf(form),
    collectorName: text(form, "collectorName"),
    collectorEmail: text(form, "collectorEmail"),
    soldOn: text(form, "soldOn").trim(),
    priceMinor: priceMinorFrom(text(form, "price"), currency),
    currency,
    note: text(form, "note"),
    invoiceReference: text(form, "invoiceReference"),
    collectorPrivate: form.has("collectorPrivate"),
    ownerPublic: form.has("ownerPublic"),
  };
}

export function resaleFrom(form: FormData, workSlug: string) {
  const currency = text(form, "currency").trim();
  const price = text(form, "price").trim();
  if ((price === "") !== (currency === "")) {
    throw new LedgerRefusal("Give the resale price with its currency, or neither.", 400);
  }
  return {
    workSlug,
    ...unitOf(form),
    ownerName: text(form, "ownerName"),
    ownerEmail: text(form, "ownerEmail").trim(),
    acquiredOn: text(form, "acquiredOn").trim(),
    ...(price === "" ? {} : { priceMinor: priceMinorFrom(price, currency), currency }),
    note: text(form, "note"),
    private: form.has("ownerPrivate"),
    ownerPublic: form.has("ownerPublic"),
  };
}

/** What was typed, to show back in a refused form (text fields only; never a password). */
export function typedValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string" || name.length > 40 || name === "intent") continue;
    values[name] ??= value.slice(0, KEPT_LENGTH);
    if (Object.keys(values).length >= 20) break;
  }
  return values;
}
