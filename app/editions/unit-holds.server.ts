import { eq } from "drizzle-orm";
import { type EditionHold, editionHolds } from "#app/db/edition-schema.ts";
import { enquiries } from "#app/db/enquiry-schema.ts";
import { type HoldInput, MAX_HOLD_DAYS, type UnitInput } from "./edition-input.server.ts";
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
import { holdEnd, unitAtStart, unitInSentence } from "./edition-words.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Holds a print for someone until a time. The print's row is locked for the transaction, so of
 * two holds (or a hold and a sale) of one print the second sees the first. A hold for the same
 * email as the one in force moves its end instead: the studio extending a reservation.
 */
export async function writeHold(tx: Tx, input: HoldInput, now: Date): Promise<EditionHold> {
  if (input.until.getTime() <= now.getTime()) {
    refuse(`That time (${holdEnd(input.until)}) has already passed; a hold ends in the future.`, 400);
  }
  if (input.until.getTime() > now.getTime() + MAX_HOLD_DAYS * DAY_MS) {
    refuse(`A hold can last at most ${MAX_HOLD_DAYS} days; sell the print or hold it again later.`, 400);
  }
  const edition = await lockEdition(tx, input.workSlug);
  const settled = await settleUnit(tx, await lockUnit(tx, edition, input), now);
  if (input.enquiryId !== undefined) {
    const [enquiry] = await tx.select({ id: enquiries.id }).from(enquiries).where(eq(enquiries.id, input.enquiryId));
    if (!enquiry) refuse(`There is no enquiry number ${input.enquiryId}; it may have been deleted.`, 404);
  }
  const { hold } = settled;
  if (hold && sameEmail(hold.holderEmail, input.holderEmail)) {
    const [moved] = await tx
      .update(editionHolds)
      .set({
        until: input.until,
        holderName: input.holderName,
        note: input.note,
        enquiryId: input.enquiryId ?? hold.enquiryId,
      })
      .where(eq(editionHolds.id, hold.id))
      .returning();
    if (!moved) throw new Error(`hold ${hold.id} vanished inside its own transaction`);
    return moved;
  }
  if (settled.unit.state !== "available") refuse(notFreeSentence(edition, settled), 409);
  const [created] = await tx
    .insert(editionHolds)
    .values({
      unitId: settled.unit.id,
      until: input.until,
      holderName: input.holderName,
      holderEmail: input.holderEmail,
      enquiryId: input.enquiryId,
      note: input.note,
    })
    .returning();
  if (!created) throw new Error("insert returned no hold");
  await setUnitState(tx, settled.unit.id, "held");
  return created;
}

/** Ends the hold in force and frees the print; refused when it is not on hold (or its hold had run out). */
export async function writeRelease(tx: Tx, input: UnitInput, now: Date): Promise<void> {
  const edition = await lockEdition(tx, input.workSlug);
  const unit = await lockUnit(tx, edition, input);
  const hadRunOut = unit.state === "held";
  const settled = await settleUnit(tx, unit, now);
  if (!settled.hold) {
    refuse(
      hadRunOut
        ? `The hold on ${unitInSentence(edition, unit)} had already run out; it is available.`
        : `${unitAtStart(edition, unit)} is not on hold.`,
      409,
    );
  }
  await endHold(tx, settled.hold.id, "released", now);
  await setUnitState(tx, settled.unit.id, "available");
}

/** Emails compared as people mean them: Ada@Example.org is ada@example.org. */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
