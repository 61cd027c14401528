import { and, eq, gt, or, sql } from "drizzle-orm";
import { type Edition, editions, editionUnits } from "#app/db/edition-schema.ts";
import type { EditionInput } from "./edition-input.server.ts";
import { refuse } from "./edition-refusal.ts";
import { lockEdition, settleUnit, type Tx } from "./edition-rows.server.ts";
import { unitLabel } from "./edition-words.ts";

export interface EditionChange {
  edition: Edition;
  /** Prints and proofs made by this change (growing), and removed (shrinking free ones). */
  added: number;
  removed: number;
}

/**
 * Sets a work's edition: unique, or an edition of N with artist's proofs. Growing adds the new
 * numbers as available; shrinking removes the free prints above the new size, and is refused
 * when one of them is sold or on hold. One transaction with the edition's row locked, so two
 * changes of one edition, or a change and a sale, never interleave.
 */
export async function writeEdition(tx: Tx, input: EditionInput, now: Date): Promise<EditionChange> {
  const size = input.kind === "unique" ? 1 : input.size;
  const artistProofs = input.kind === "unique" ? 0 : input.artistProofs;
  await tx
    .insert(editions)
    .values({ workSlug: input.workSlug, kind: input.kind, size, artistProofs })
    .onConflictDoNothing({ target: editions.workSlug });
  const edition = await lockEdition(tx, input.workSlug);

  const beyond = await tx
    .select()
    .from(editionUnits)
    .where(
      and(
        eq(editionUnits.editionId, edition.id),
        or(
          and(eq(editionUnits.artistProof, false), gt(editionUnits.number, size)),
          and(eq(editionUnits.artistProof, true), gt(editionUnits.number, artistProofs)),
        ),
      ),
    )
    .orderBy(editionUnits.artistProof, editionUnits.number)
    .for("update");
  for (const unit of beyond) {
    const { unit: settled } = await settleUnit(tx, unit, now);
    if (settled.state === "sold" || settled.state === "held") {
      const what = settled.state === "sold" ? "sold" : "on hold";
      const least = settled.artistProof ? `${settled.number} artist's proofs` : `${settled.number} prints`;
      refuse(`${unitLabel(edition, settled)} is ${what}, so this edition cannot have fewer than ${least}.`, 409);
    }
  }
  if (beyond.length > 0) {
    await tx.delete(editionUnits).where(
      sql`${editionUnits.id} in (${sql.join(
        beyond.map((unit) => sql`${unit.id}`),
        sql`, `,
      )})`,
    );
  }

  const wanted = [
    ...Array.from({ length: size }, (_, index) => ({ editionId: edition.id, number: index + 1, artistProof: false })),
    ...Array.from({ length: artistProofs }, (_, index) => ({
      editionId: edition.id,
      number: index + 1,
      artistProof: true,
    })),
  ];
  const added = await tx.insert(editionUnits).values(wanted).onConflictDoNothing().returning({ id: editionUnits.id });

  const [saved] = await tx
    .update(editions)
    .set({ kind: input.kind, size, artistProofs, updatedAt: sql`now()` })
    .where(eq(editions.id, edition.id))
    .returning();
  if (!saved) throw new Error(`edition ${edition.id} vanished inside its own transaction`);
  return { edition: saved, added: added.length, removed: beyond.length };
}
