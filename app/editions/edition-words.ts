import { shortDate } from "#app/format/relative-time.ts";

/** The facts the ledger's sentences are made from. */
export interface EditionShape {
  kind: "unique" | "edition";
  size: number;
}
export interface UnitShape {
  number: number;
  artistProof: boolean;
}

/** "3/8", "1/1" or "AP 2": how a print is named on a label and a certificate. */
export function unitLabel(edition: EditionShape, unit: UnitShape): string {
  return unit.artistProof ? `AP ${unit.number}` : `${unit.number}/${edition.size}`;
}

/** "print 3/8", "the work" (a unique work has one), "AP 2": the print in a sentence. */
export function unitInSentence(edition: EditionShape, unit: UnitShape): string {
  if (edition.kind === "unique") return "the work";
  return unit.artistProof ? `artist's proof ${unit.number}` : `print ${unitLabel(edition, unit)}`;
}

/** The same, starting a sentence. */
export function unitAtStart(edition: EditionShape, unit: UnitShape): string {
  const words = unitInSentence(edition, unit);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** How many of each state an edition's numbered prints are in. */
export interface StateCounts {
  available: number;
  held: number;
  sold: number;
  notForSale: number;
}

/**
 * The public line: "Edition of 8 · 6 available", "Edition of 8 · sold out", "Unique · sold",
 * "Unique · on hold". Counts are of the numbered prints; artist's proofs are the studio's.
 */
export function availabilityLine(edition: EditionShape, counts: StateCounts): string {
  if (edition.kind === "unique") {
    const state =
      counts.sold > 0 ? "sold" : counts.held > 0 ? "on hold" : counts.notForSale > 0 ? "not for sale" : "available";
    return `Unique · ${state}`;
  }
  const head = `Edition of ${edition.size}`;
  if (counts.available > 0) return `${head} · ${counts.available} available`;
  if (counts.sold === edition.size) return `${head} · sold out`;
  return `${head} · none available`;
}

/** "Icaro: 6 of 12 claimed": claimed is sold or on hold. */
export function seriesLine(series: string, claimed: number, total: number): string {
  return `${series}: ${claimed} of ${total} claimed`;
}

/** "12 Dec 2026, 18:00 UTC". */
export function holdEnd(until: Date): string {
  return `${shortDate(until)}, ${until.toISOString().slice(11, 16)} UTC`;
}
