/**
 * One entry of a work's public provenance (issue 40): who acquired a print and when. The name
 * only where that owner agreed to be named; otherwise the entry stands as a private collection.
 * Never an email, a price or a note.
 */
export interface PublicOwner {
  /** "3/8", "AP 1"; null for a unique work (it has one print). */
  print: string | null;
  /** The owner's name, or null: "Private collection". */
  owner: string | null;
  /** The month only ("2026-11"): the day is the studio's record, not the public's. */
  acquired: string;
  /** The print's first owner bought it from the studio; the rest are resales. */
  fromTheArtist: boolean;
}

const MONTH = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

/** "Acquired from the artist by Ada Lovelace, November 2026", "Private collection, March 2027". */
export function publicOwnerLine(entry: PublicOwner): string {
  const month = /^\d{4}-\d{2}$/.test(entry.acquired) ? MONTH.format(new Date(`${entry.acquired}-01T00:00:00Z`)) : "";
  const when = month ? `, ${month}` : "";
  if (entry.fromTheArtist) {
    return entry.owner
      ? `Acquired from the artist by ${entry.owner}${when}`
      : `Private collection, acquired from the artist${when}`;
  }
  return `${entry.owner ?? "Private collection"}${when}`;
}

/** The entries by print, in ledger order: one group per print that has had an owner. */
export function ownersByPrint(entries: readonly PublicOwner[]): { print: string | null; lines: string[] }[] {
  const groups: { print: string | null; lines: string[] }[] = [];
  for (const entry of entries) {
    const last = groups.at(-1);
    if (last && last.print === entry.print) last.lines.push(publicOwnerLine(entry));
    else groups.push({ print: entry.print, lines: [publicOwnerLine(entry)] });
  }
  return groups;
}
