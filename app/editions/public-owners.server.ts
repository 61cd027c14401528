import { asc, eq, inArray } from "drizzle-orm";
import type { AppDatabase } from "#app/db/database.server.ts";
import { editionOwners, editions, editionUnits } from "#app/db/edition-schema.ts";
import { unitLabel } from "./edition-words.ts";
import type { PublicOwner } from "./public-owner.ts";

/** The public provenance of the editions of `workSlugs` (every edition when omitted), by work slug. */
export async function readPublicOwners(db: AppDatabase, workSlugs?: string[]): Promise<Map<string, PublicOwner[]>> {
  const owners = new Map<string, PublicOwner[]>();
  if (workSlugs?.length === 0) return owners;
  const rows = await db
    .select({
      workSlug: editions.workSlug,
      kind: editions.kind,
      size: editions.size,
      number: editionUnits.number,
      artistProof: editionUnits.artistProof,
      ownerName: editionOwners.ownerName,
      publicProvenance: editionOwners.publicProvenance,
      acquiredOn: editionOwners.acquiredOn,
      saleId: editionOwners.saleId,
    })
    .from(editionOwners)
    .innerJoin(editionUnits, eq(editionUnits.id, editionOwners.unitId))
    .innerJoin(editions, eq(editions.id, editionUnits.editionId))
    .where(workSlugs ? inArray(editions.workSlug, workSlugs) : undefined)
    .orderBy(
      asc(editions.workSlug),
      asc(editionUnits.artistProof),
      asc(editionUnits.number),
      asc(editionOwners.acquiredOn),
      asc(editionOwners.id),
    );
  for (const row of rows) {
    const list = owners.get(row.workSlug) ?? [];
    list.push({
      print: row.kind === "unique" ? null : unitLabel(row, row),
      owner: row.publicProvenance ? row.ownerName : null,
      acquired: row.acquiredOn.slice(0, 7),
      fromTheArtist: row.saleId !== null,
    });
    owners.set(row.workSlug, list);
  }
  return owners;
}
