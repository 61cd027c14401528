import { and, eq, isNull, sql } from "drizzle-orm";
import type { AppDatabase } from "#app/db/database.server.ts";
import {
  type Edition,
  type EditionHold,
  type EditionUnit,
  editionHolds,
  editions,
  editionUnits,
  type UnitState,
} from "#app/db/edition-schema.ts";
import { refuse } from "./edition-refusal.ts";
import { holdEnd, unitAtStart } from "./edition-words.ts";

/**
 * The ledger's row access inside one transaction: rows are read FOR UPDATE, so two writers of
 * the same print queue on its row and the second sees what the first wrote (never oversold).
 */

export type Tx = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

/** Which print of a work's edition. */
export interface UnitRef {
  workSlug: string;
  number: number;
  artistProof: boolean;
}

/** The work's edition, locked for this transaction; a 404 sentence when none is set. */
export async function lockEdition(tx: Tx, workSlug: string): Promise<Edition> {
  const [edition] = await tx.select().from(editions).where(eq(editions.workSlug, workSlug)).for("update");
  return edition ?? refuse("This work has no edition yet: set it as unique or an edition first.", 404);
}

/** The print, locked; a forged or out-of-range number gets a 404 naming what exists. */
export async function lockUnit(tx: Tx, edition: Edition, ref: UnitRef): Promise<EditionUnit> {
  const [unit] = await tx
    .select()
    .from(editionUnits)
    .where(
      and(
        eq(editionUnits.editionId, edition.id),
        eq(editionUnits.artistProof, ref.artistProof),
        eq(editionUnits.number, ref.number),
      ),
    )
    .for("update");
  if (unit) return unit;
  if (ref.artistProof) {
    return refuse(
      edition.artistProofs === 0
        ? "This edition has no artist's proofs."
        : `This edition has artist's proofs 1 to ${edition.artistProofs}; there is no AP ${ref.number}.`,
      404,
    );
  }
  return refuse(
    edition.kind === "unique"
      ? "This work is unique: it has one print, number 1."
      : `This is an edition of ${edition.size}; there is no print ${ref.number}.`,
    404,
  );
}

/** The unit's open hold (ended_at not set), whether or not its time has run out. */
export async function openHoldOf(tx: Tx, unitId: number): Promise<EditionHold | undefined> {
  const [hold] = await tx
    .select()
    .from(editionHolds)
    .where(and(eq(editionHolds.unitId, unitId), isNull(editionHolds.endedAt)));
  return hold;
}

/** A locked unit as it stands now: a hold whose time ran out is ended here and the unit is free. */
export interface SettledUnit {
  unit: EditionUnit;
  /** The hold in force, when the unit is held. */
  hold: EditionHold | undefined;
}

export async function settleUnit(tx: Tx, unit: EditionUnit, now: Date): Promise<SettledUnit> {
  const hold = await openHoldOf(tx, unit.id);
  if (hold && hold.until > now) return { unit, hold };
  if (hold) await endHold(tx, hold.id, "expired", now);
  if (unit.state !== "held") return { unit, hold: undefined };
  return { unit: await setUnitState(tx, unit.id, "available"), hold: undefined };
}

export async function endHold(tx: Tx, holdId: number, reason: "released" | "sold" | "expired", now: Date) {
  await tx.update(editionHolds).set({ endedAt: now, endReason: reason }).where(eq(editionHolds.id, holdId));
}

export async function setUnitState(tx: Tx, unitId: number, state: UnitState): Promise<EditionUnit> {
  const [unit] = await tx
    .update(editionUnits)
    .set({ state, updatedAt: sql`now()` })
    .where(eq(editionUnits.id, unitId))
    .returning();
  if (!unit) throw new Error(`edition unit ${unitId} vanished inside its own transaction`);
  return unit;
}

/** The sentence for a print that is not free, naming why. */
export function notFreeSentence(edition: Edition, settled: SettledUnit): string {
  const name = unitAtStart(edition, settled.unit);
  switch (settled.unit.state) {
    case "sold":
      return `${name} is already sold.`;
    case "not-for-sale":
      return `${name} is marked not for sale; make it available first.`;
    default:
      return settled.hold
        ? `${name} is on hold for ${settled.hold.holderName} until ${holdEnd(settled.hold.until)}; release the hold first.`
        : `${name} is on hold; release the hold first.`;
  }
}
