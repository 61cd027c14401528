import { and, count, eq, inArray, isNull } from "drizzle-orm";
import type { AppDatabase } from "#app/db/database.server.ts";
import { type EditionKind, editionHolds, editions, editionUnits, type UnitState } from "#app/db/edition-schema.ts";
import type { EditionSummary } from "./edition-reading.server.ts";
import { availabilityLine, type StateCounts } from "./edition-words.ts";
import type { PublicOwner } from "./public-owner.ts";
import { readPublicOwners } from "./public-owners.server.ts";

/** Prints of one edition that share a state (and, when held, the end of their open hold). */
interface UnitGroup {
  artistProof: boolean;
  state: UnitState;
  /** The open hold's end for a held print; null when it has none (it counts as available). */
  holdUntil: number | null;
  count: number;
}

/**
 * What the public may know of a work's edition, as read from the ledger, without a clock: the
 * holds keep their ends, so the summary can be judged at any moment after (`summaryAt`). No
 * holder, email or price is read, and an owner's name only where they agreed to be named.
 */
export interface EditionFacts {
  workSlug: string;
  kind: EditionKind;
  size: number;
  artistProofs: number;
  groups: UnitGroup[];
  /** The public provenance: each sold print's owners, first to latest. */
  owners: PublicOwner[];
}

/**
 * The public facts of the editions of `workSlugs` (every edition when omitted), in one query.
 * A work without an edition is absent from the map.
 */
export async function readEditionFacts(db: AppDatabase, workSlugs?: string[]): Promise<Map<string, EditionFacts>> {
  const facts = new Map<string, EditionFacts>();
  if (workSlugs?.length === 0) return facts;
  const rows = await db
    .select({
      workSlug: editions.workSlug,
      kind: editions.kind,
      size: editions.size,
      artistProofs: editions.artistProofs,
      artistProof: editionUnits.artistProof,
      state: editionUnits.state,
      holdUntil: editionHolds.until,
      count: count(),
    })
    .from(editions)
    .innerJoin(editionUnits, eq(editionUnits.editionId, editions.id))
    // One open hold per print at most (edition_holds_open_unit_idx).
    .leftJoin(editionHolds, and(eq(editionHolds.unitId, editionUnits.id), isNull(editionHolds.endedAt)))
    .where(workSlugs ? inArray(editions.workSlug, workSlugs) : undefined)
    .groupBy(editions.id, editionUnits.artistProof, editionUnits.state, editionHolds.until);
  for (const row of rows) {
    const work = facts.get(row.workSlug) ?? {
      workSlug: row.workSlug,
      kind: row.kind,
      size: row.size,
      artistProofs: row.artistProofs,
      groups: [],
      owners: [],
    };
    work.groups.push({
      artistProof: row.artistProof,
      state: row.state,
      holdUntil: row.state === "held" && row.holdUntil ? row.holdUntil.getTime() : null,
      count: Number(row.count),
    });
    facts.set(row.workSlug, work);
  }
  for (const [slug, owners] of await readPublicOwners(db, workSlugs)) {
    const work = facts.get(slug);
    if (work) work.owners = owners;
  }
  return facts;
}

const noCounts = (): StateCounts => ({ available: 0, held: 0, sold: 0, notForSale: 0 });
const countKey: Record<UnitState, keyof StateCounts> = {
  available: "available",
  held: "held",
  sold: "sold",
  "not-for-sale": "notForSale",
};

/**
 * A work's summary at `now`, by the ledger's own rule (edition-reading.server.ts): a held print
 * whose hold has ended, or that has no open hold, is available. So a hold that runs out frees
 * its print the moment it ends, with no write and no notification.
 */
export function summaryAt(facts: EditionFacts, now: number): EditionSummary {
  const prints = noCounts();
  const proofs = noCounts();
  for (const group of facts.groups) {
    const held = group.state === "held" && group.holdUntil !== null && group.holdUntil > now;
    const state = group.state === "held" && !held ? "available" : group.state;
    (group.artistProof ? proofs : prints)[countKey[state]] += group.count;
  }
  return {
    workSlug: facts.workSlug,
    kind: facts.kind,
    size: facts.size,
    artistProofs: facts.artistProofs,
    prints,
    proofs,
    line: availabilityLine(facts, prints),
  };
}

/** The ends of the open holds still counted as holds at some moment (for when answers change). */
export function holdEnds(facts: EditionFacts): number[] {
  return facts.groups.flatMap((group) => (group.holdUntil === null ? [] : [group.holdUntil]));
}
