import type { UnitState } from "#app/db/edition-schema.ts";
import { availabilityLine, type StateCounts } from "#app/editions/edition-words.ts";

/**
 * The studio's words for the ledger (the public line is app/editions/edition-words.ts): every
 * count the studio needs at a glance, a print's state in a sentence, a price with its currency.
 */

/** "Edition of 8 · 3 available · 2 on hold · 3 sold", "Unique · available", "Not set". */
export function studioEditionLine(
  summary: { kind: "unique" | "edition"; size: number; prints: StateCounts } | undefined,
): string {
  if (!summary) return "Not set";
  if (summary.kind === "unique") return availabilityLine(summary, summary.prints);
  const { available, held, sold, notForSale } = summary.prints;
  const parts = [`Edition of ${summary.size}`, `${available} available`];
  if (held > 0) parts.push(`${held} on hold`);
  if (sold > 0) parts.push(`${sold} sold`);
  if (notForSale > 0) parts.push(`${notForSale} not for sale`);
  return parts.join(" · ");
}

/** "2 artist's proofs", "1 artist's proof", or nothing. */
export function proofsLine(artistProofs: number): string {
  if (artistProofs === 0) return "";
  return `${artistProofs} artist's proof${artistProofs === 1 ? "" : "s"}`;
}

export const stateLabels: Record<UnitState, string> = {
  available: "Available",
  held: "On hold",
  sold: "Sold",
  "not-for-sale": "Not for sale",
};

/** "AUD 1,200.00": a price kept in the currency's smallest unit, written for people. */
export function formatPrice(priceMinor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const amount = (priceMinor / 10 ** digits).toLocaleString("en-US", {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return `${currency} ${amount}`;
}

/** How many digits after the point a currency has (JPY 0, AUD 2, BHD 3). */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** "On hold for Ada Lovelace until 12 Dec 2026, 23:59 UTC" (`until` already in words: holdEnd). */
export function holdWords(hold: { holderName: string; until: string }): string {
  return `On hold for ${hold.holderName} until ${hold.until}`;
}

/** Which print a link or a form names: "3" for 3/8, "ap-1" for an artist's proof. */
export function unitKey(unit: { number: number; artistProof: boolean }): string {
  return unit.artistProof ? `ap-${unit.number}` : String(unit.number);
}

/** The print a key names; undefined for anything else (a forged address shows no print). */
export function parseUnitKey(key: string | null | undefined): { number: number; artistProof: boolean } | undefined {
  const match = /^(ap-)?([1-9]\d{0,2})$/.exec(key ?? "");
  if (!match) return undefined;
  return { number: Number(match[2]), artistProof: match[1] !== undefined };
}

/** What the page says after each change went through (`?done=`). */
export const doneMessages = {
  edition: "The edition is saved.",
  held: "The print is on hold.",
  released: "The hold is released: the print is available.",
  sold: "The sale is recorded, and its certificate issued and sent to the collector.",
  "sold-uncertified": "The sale is recorded, but its certificate could not be issued: see below.",
  resold: "The new owner is recorded, with a new certificate that supersedes the last.",
  "resold-uncertified": "The new owner is recorded, but the new certificate could not be issued: see below.",
  certified: "The certificate is issued and sent to the collector.",
  revoked: "The certificate is revoked: its verify page now says so.",
  "not-for-sale": "The print is marked not for sale.",
  "for-sale": "The print is back on sale.",
} as const;
export type DoneKey = keyof typeof doneMessages;
