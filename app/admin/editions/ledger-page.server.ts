import type { Catalogue } from "#app/catalogue/catalogue.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import type { EditionLedger } from "#app/editions/edition-ledger.server.ts";
import { holdEnd } from "#app/editions/edition-words.ts";
import {
  type DoneKey,
  doneMessages,
  parseUnitKey,
  proofsLine,
  studioEditionLine,
  unitKey,
} from "./edition-studio-words.ts";
import { thumbnailOf } from "./editions-overview.server.ts";
import { readUnitRecords, type UnitRecord } from "./ledger-records.server.ts";
import { readUnitCertificates } from "./unit-certificates.server.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** One print as the ledger's table shows it. */
export interface LedgerUnit {
  key: string;
  label: string;
  state: "available" | "held" | "sold" | "not-for-sale";
  hold?: { holderName: string; holderEmail: string; until: string; enquiryId: number | null; note: string };
  sale?: { collectorName: string; soldOn: string; priceMinor: number; currency: string; collectorPrivate: boolean };
  /** The latest owner when a resale followed the sale. */
  owner?: string;
}

/**
 * What a work's ledger page shows: the work, its edition in words, every print, and the print
 * chosen by `?unit=` with its full record (for its forms). Undefined when the work is not in
 * the studio's catalogue.
 */
export async function readLedgerPage(
  db: AppDatabase,
  catalogue: Catalogue,
  ledger: EditionLedger,
  slug: string,
  url: URL,
  now: Date,
) {
  const work = catalogue.find(slug);
  if (!work) return undefined;
  const summary = await ledger.availability(slug);
  const rows = await ledger.units(slug);
  const records = (await readUnitRecords(db, [slug])).get(slug) ?? new Map<string, UnitRecord>();
  const units: LedgerUnit[] = rows.map((row) => {
    const key = unitKey(row);
    const owners = records.get(key)?.owners ?? [];
    const latest = owners.length > 1 ? owners.at(-1) : undefined;
    return {
      key,
      label: row.label,
      state: row.state,
      ...(row.hold ? { hold: { ...row.hold, until: holdEnd(row.hold.until) } } : {}),
      ...(row.sale ? { sale: row.sale } : {}),
      ...(latest ? { owner: `${latest.ownerName} (since ${latest.acquiredOn})` } : {}),
    };
  });
  const chosen = parseUnitKey(url.searchParams.get("unit"));
  const selected = chosen ? units.find((unit) => unit.key === unitKey(chosen)) : undefined;
  const done = url.searchParams.get("done");
  const certificates = selected && chosen ? await readUnitCertificates(db, slug, chosen) : [];
  return {
    work: {
      slug: work.slug,
      title: work.title,
      year: work.year,
      seriesLabel: work.seriesLabel,
      thumbnail: thumbnailOf(work.imageSmall),
    },
    edition: summary ? { kind: summary.kind, size: summary.size, artistProofs: summary.artistProofs } : null,
    line: studioEditionLine(summary),
    proofs: summary ? proofsLine(summary.artistProofs) : "",
    units,
    selected: selected ? { ...selected, record: records.get(selected.key) ?? null, certificates } : null,
    done: done && done in doneMessages ? doneMessages[done as DoneKey] : null,
    today: now.toISOString().slice(0, 10),
    holdDefault: new Date(now.getTime() + 14 * DAY_MS).toISOString().slice(0, 10),
  };
}

export type LedgerPageData = NonNullable<Awaited<ReturnType<typeof readLedgerPage>>>;
