import { asc, eq, inArray } from "drizzle-orm";
import type { AppDatabase } from "#app/db/database.server.ts";
import {
  type EditionOwner,
  type EditionSale,
  editionOwners,
  editionSales,
  editions,
  editionUnits,
} from "#app/db/edition-schema.ts";
import { unitKey } from "./edition-studio-words.ts";

/** A print's private record for the studio: its sale in full and every owner, first to latest. */
export interface UnitRecord {
  sale?: EditionSale;
  owners: EditionOwner[];
}

/**
 * The sales and owners of the given works' prints, by work slug then print key ("3", "ap-1"):
 * what the ledger's screen and its export show beyond the ledger's own rows (the collector's
 * email, the invoice, the notes, the owners after a resale). Two queries whatever the count.
 */
export async function readUnitRecords(
  db: AppDatabase,
  workSlugs: readonly string[],
): Promise<Map<string, Map<string, UnitRecord>>> {
  const records = new Map<string, Map<string, UnitRecord>>();
  if (workSlugs.length === 0) return records;
  const units = await db
    .select({
      id: editionUnits.id,
      workSlug: editions.workSlug,
      number: editionUnits.number,
      artistProof: editionUnits.artistProof,
      sale: editionSales,
    })
    .from(editionUnits)
    .innerJoin(editions, eq(editions.id, editionUnits.editionId))
    .innerJoin(editionSales, eq(editionSales.unitId, editionUnits.id))
    .where(inArray(editions.workSlug, [...workSlugs]));
  if (units.length === 0) return records;
  const owners = await db
    .select()
    .from(editionOwners)
    .where(
      inArray(
        editionOwners.unitId,
        units.map((unit) => unit.id),
      ),
    )
    .orderBy(asc(editionOwners.acquiredOn), asc(editionOwners.id));
  for (const unit of units) {
    const byKey = records.get(unit.workSlug) ?? new Map<string, UnitRecord>();
    byKey.set(unitKey(unit), { sale: unit.sale, owners: owners.filter((owner) => owner.unitId === unit.id) });
    records.set(unit.workSlug, byKey);
  }
  return records;
}
