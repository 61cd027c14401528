import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { AppDatabase } from "#app/db/database.server.ts";
import {
  type EditionKind,
  editionHolds,
  editionSales,
  editions,
  editionUnits,
  type UnitState,
} from "#app/db/edition-schema.ts";
import { availabilityLine, type StateCounts, seriesLine, unitLabel } from "./edition-words.ts";

/**
 * The ledger read as it stands at `now`: a print whose hold ran out counts as available here,
 * whether or not a writer has ended that hold yet, so no page ever shows an expired hold.
 */
function stateAt(now: Date) {
  // Names spelled out: inside a subquery Drizzle leaves columns unqualified, and a bare "id"
  // in the inner select would be the hold's.
  return sql<UnitState>`case when "edition_units"."state" = 'held' and not exists (
    select 1 from "edition_holds" as open_hold
    where open_hold."unit_id" = "edition_units"."id" and open_hold."ended_at" is null
      and open_hold."until" > ${now.toISOString()}::timestamptz
  ) then 'available' else "edition_units"."state" end`;
}

export interface EditionSummary {
  workSlug: string;
  kind: EditionKind;
  size: number;
  artistProofs: number;
  /** The numbered prints by state. */
  prints: StateCounts;
  /** The artist's proofs by state. */
  proofs: StateCounts;
  /** "Edition of 8 · 6 available", "Unique · sold". */
  line: string;
}

const noCounts = (): StateCounts => ({ available: 0, held: 0, sold: 0, notForSale: 0 });
const countKey: Record<UnitState, keyof StateCounts> = {
  available: "available",
  held: "held",
  sold: "sold",
  "not-for-sale": "notForSale",
};

/** The summaries of the given works' editions (works without one are absent), in one query. */
export async function readSummaries(
  db: AppDatabase,
  workSlugs: string[],
  now: Date,
): Promise<Map<string, EditionSummary>> {
  const summaries = new Map<string, EditionSummary>();
  if (workSlugs.length === 0) return summaries;
  const units = db
    .select({
      editionId: editionUnits.editionId,
      artistProof: editionUnits.artistProof,
      state: stateAt(now).as("state"),
    })
    .from(editionUnits)
    .as("units");
  const rows = await db
    .select({
      workSlug: editions.workSlug,
      kind: editions.kind,
      size: editions.size,
      artistProofs: editions.artistProofs,
      artistProof: units.artistProof,
      state: units.state,
      count: sql<number>`count(*)::int`,
    })
    .from(editions)
    .innerJoin(units, eq(units.editionId, editions.id))
    .where(inArray(editions.workSlug, workSlugs))
    .groupBy(editions.id, units.artistProof, units.state);
  for (const row of rows) {
    const summary = summaries.get(row.workSlug) ?? {
      workSlug: row.workSlug,
      kind: row.kind,
      size: row.size,
      artistProofs: row.artistProofs,
      prints: noCounts(),
      proofs: noCounts(),
      line: "",
    };
    (row.artistProof ? summary.proofs : summary.prints)[countKey[row.state]] += Number(row.count);
    summaries.set(row.workSlug, summary);
  }
  for (const summary of summaries.values()) summary.line = availabilityLine(summary, summary.prints);
  return summaries;
}

export interface SeriesSummary {
  series: string;
  /** Numbered prints across the series' works that have an edition. */
  total: number;
  /** Sold or on hold. */
  claimed: number;
  available: number;
  /** "Icaro: 6 of 12 claimed". */
  line: string;
  /** The series' works with no edition set yet: not counted above. */
  worksWithoutEdition: string[];
}

/** A series read from its works' editions: how many of its prints are claimed. */
export async function readSeries(
  db: AppDatabase,
  series: string,
  workSlugs: string[],
  now: Date,
): Promise<SeriesSummary> {
  const summaries = await readSummaries(db, workSlugs, now);
  let total = 0;
  let claimed = 0;
  let available = 0;
  for (const summary of summaries.values()) {
    total += summary.size;
    claimed += summary.prints.sold + summary.prints.held;
    available += summary.prints.available;
  }
  return {
    series,
    total,
    claimed,
    available,
    line: seriesLine(series, claimed, total),
    worksWithoutEdition: workSlugs.filter((slug) => !summaries.has(slug)),
  };
}

/** One print as the studio's ledger screen lists it. */
export interface UnitRow {
  number: number;
  artistProof: boolean;
  /** "3/8", "AP 1". */
  label: string;
  state: UnitState;
  hold?: { holderName: string; holderEmail: string; until: Date; enquiryId: number | null; note: string };
  sale?: { collectorName: string; soldOn: string; priceMinor: number; currency: string; collectorPrivate: boolean };
}

/** Every print of a work's edition, numbered ones first; empty when it has no edition. */
export async function readUnits(db: AppDatabase, workSlug: string, now: Date): Promise<UnitRow[]> {
  const rows = await db
    .select({
      kind: editions.kind,
      size: editions.size,
      number: editionUnits.number,
      artistProof: editionUnits.artistProof,
      state: stateAt(now),
      hold: {
        holderName: editionHolds.holderName,
        holderEmail: editionHolds.holderEmail,
        until: editionHolds.until,
        enquiryId: editionHolds.enquiryId,
        note: editionHolds.note,
      },
      sale: {
        collectorName: editionSales.collectorName,
        soldOn: editionSales.soldOn,
        priceMinor: editionSales.priceMinor,
        currency: editionSales.currency,
        collectorPrivate: editionSales.collectorPrivate,
      },
    })
    .from(editions)
    .innerJoin(editionUnits, eq(editionUnits.editionId, editions.id))
    .leftJoin(
      editionHolds,
      and(
        eq(editionHolds.unitId, editionUnits.id),
        isNull(editionHolds.endedAt),
        sql`${editionHolds.until} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .leftJoin(editionSales, eq(editionSales.unitId, editionUnits.id))
    .where(eq(editions.workSlug, workSlug))
    .orderBy(asc(editionUnits.artistProof), asc(editionUnits.number));
  return rows.map((row) => ({
    number: row.number,
    artistProof: row.artistProof,
    label: unitLabel(row, row),
    state: row.state,
    ...(row.hold ? { hold: row.hold } : {}),
    ...(row.sale ? { sale: { ...row.sale, priceMinor: Number(row.sale.priceMinor) } } : {}),
  }));
}
