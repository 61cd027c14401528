import { and, desc, eq } from "drizzle-orm";
import { type EditionOwner, type EditionSale, editionOwners, editionSales } from "#app/db/edition-schema.ts";
import type { NotForSaleInput, ResaleInput, SaleInput } from "./edition-input.server.ts";
import { refuse } from "./edition-refusal.ts";
import {
  endHold,
  lockEdition,
  lockUnit,
  notFreeSentence,
  settleUnit,
  setUnitState,
  type Tx,
} from "./edition-rows.server.ts";
import { unitAtStart } from "./edition-words.ts";
import { sameEmail } from "./unit-holds.server.ts";

/** A date the studio records may be today where it is: a day ahead of UTC at most. */
function refuseFutureDay(day: string, now: Date, what: string) {
  const latest = new Date(now.getTime() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  if (day > latest) refuse(`The ${what} (${day}) is in the future; record it on the day or after.`, 400);
}

export interface SaleRecord {
  sale: EditionSale;
  owner: EditionOwner;
}

/**
 * Sells a print, in one transaction with its row locked: the sale, the print marked sold, its
 * hold ended, and the collector as its first owner, all or nothing. Of two sales of the last
 * print at once, the second waits for the first and is then told it is sold. A print on hold
 * sells only to the collector it is held for (same email).
 */
export async function writeSale(tx: Tx, input: SaleInput, now: Date): Promise<SaleRecord> {
  refuseFutureDay(input.soldOn, now, "sale date");
  const edition = await lockEdition(tx, input.workSlug);
  const settled = await settleUnit(tx, await lockUnit(tx, edition, input), now);
  const heldForBuyer = settled.hold !== undefined && sameEmail(settled.hold.holderEmail, input.collectorEmail);
  if (settled.unit.state !== "available" && !heldForBuyer) refuse(notFreeSentence(edition, settled), 409);
  if (settled.hold) await endHold(tx, settled.hold.id, "sold", now);
  await setUnitState(tx, settled.unit.id, "sold");
  const [sale] = await tx
    .insert(editionSales)
    .values({
      unitId: settled.unit.id,
      collectorName: input.collectorName,
      collectorEmail: input.collectorEmail,
      soldOn: input.soldOn,
      priceMinor: input.priceMinor,
      currency: input.currency,
      note: input.note,
      invoiceReference: input.invoiceReference,
      collectorPrivate: input.collectorPrivate,
    })
    .returning();
  if (!sale) throw new Error("insert returned no sale");
  const [owner] = await tx
    .insert(editionOwners)
    .values({
      unitId: settled.unit.id,
      saleId: sale.id,
      ownerName: input.collectorName,
      ownerEmail: input.collectorEmail,
      acquiredOn: input.soldOn,
      priceMinor: input.priceMinor,
      currency: input.currency,
      private: input.collectorPrivate,
      publicProvenance: input.ownerPublic,
    })
    .returning();
  if (!owner) throw new Error("insert returned no owner");
  return { sale, owner };
}

/** Takes a free print out of sale, or puts one marked not for sale back. */
export async function writeNotForSale(tx: Tx, input: NotForSaleInput, now: Date): Promise<void> {
  const edition = await lockEdition(tx, input.workSlug);
  const settled = await settleUnit(tx, await lockUnit(tx, edition, input), now);
  const { state } = settled.unit;
  if (input.notForSale) {
    if (state === "not-for-sale") return;
    if (state !== "available") refuse(notFreeSentence(edition, settled), 409);
    await setUnitState(tx, settled.unit.id, "not-for-sale");
    return;
  }
  if (state === "available") return;
  if (state !== "not-for-sale") refuse(`${unitAtStart(edition, settled.unit)} is not marked not for sale.`, 409);
  await setUnitState(tx, settled.unit.id, "available");
}

/**
 * A resale: the print's new owner, added after the ones before (the first sale and its record
 * stay as they are). Only a sold print can be resold, and not before its last owner got it.
 */
export async function writeResale(tx: Tx, input: ResaleInput, now: Date): Promise<EditionOwner> {
  refuseFutureDay(input.acquiredOn, now, "resale date");
  const edition = await lockEdition(tx, input.workSlug);
  const unit = await lockUnit(tx, edition, input);
  if (unit.state !== "sold") refuse(`${unitAtStart(edition, unit)} has not been sold; record its sale first.`, 409);
  const [last] = await tx
    .select()
    .from(editionOwners)
    .where(eq(editionOwners.unitId, unit.id))
    .orderBy(desc(editionOwners.acquiredOn), desc(editionOwners.id))
    .limit(1);
  if (last && input.acquiredOn < last.acquiredOn) {
    refuse(`${last.ownerName} acquired it on ${last.acquiredOn}; a resale cannot be dated earlier.`, 409);
  }
  const [owner] = await tx
    .insert(editionOwners)
    .values({
      unitId: unit.id,
      ownerName: input.ownerName,
      ownerEmail: input.ownerEmail,
      acquiredOn: input.acquiredOn,
      priceMinor: input.priceMinor ?? null,
      currency: input.currency ?? null,
      note: input.note,
      private: input.private,
      publicProvenance: input.ownerPublic,
    })
    .returning();
  if (!owner) throw new Error("insert returned no owner");
  return owner;
}

/** Every owner of a print, first to latest. */
export async function ownersOf(tx: Tx, unitId: number): Promise<EditionOwner[]> {
  return tx
    .select()
    .from(editionOwners)
    .where(and(eq(editionOwners.unitId, unitId)))
    .orderBy(editionOwners.acquiredOn, editionOwners.id);
}
