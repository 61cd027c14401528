// A print's certificates on the studio's ledger screen: which there are (newest first, with
// their state), issuing one for the print's latest owner when it was not issued at the sale,
// and revoking one with a reason. Every id a form names is checked against the print it claims.
import { and, desc, eq } from "drizzle-orm";
import { findCertificate } from "#app/certificates/certificate-records.server.ts";
import { refuseCertificate } from "#app/certificates/certificate-refusal.ts";
import { revokeCertificate } from "#app/certificates/sale-certificates.server.ts";
import { certificates } from "#app/db/certificate-schema.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import { editionOwners, editions, editionUnits } from "#app/db/edition-schema.ts";
import { type AfterSaleServices, certifyOwner } from "./after-sale.server.ts";

export interface UnitCertificate {
  id: string;
  state: "valid" | "revoked" | "superseded";
  issuedOn: string;
  ownerName: string;
  revokedReason: string | null;
}

interface UnitRef {
  number: number;
  artistProof: boolean;
}

async function unitIdOf(db: AppDatabase, workSlug: string, unit: UnitRef): Promise<number | undefined> {
  const [row] = await db
    .select({ id: editionUnits.id })
    .from(editionUnits)
    .innerJoin(editions, eq(editions.id, editionUnits.editionId))
    .where(
      and(
        eq(editions.workSlug, workSlug),
        eq(editionUnits.number, unit.number),
        eq(editionUnits.artistProof, unit.artistProof),
      ),
    );
  return row?.id;
}

/** The print's certificates, newest first, with the owner each names (the studio's own view). */
export async function readUnitCertificates(
  db: AppDatabase,
  workSlug: string,
  unit: UnitRef,
): Promise<UnitCertificate[]> {
  const unitId = await unitIdOf(db, workSlug, unit);
  if (unitId === undefined) return [];
  const rows = await db
    .select({
      id: certificates.id,
      state: certificates.state,
      issuedAt: certificates.issuedAt,
      revokedReason: certificates.revokedReason,
      ownerName: editionOwners.ownerName,
    })
    .from(certificates)
    .innerJoin(editionOwners, eq(editionOwners.id, certificates.ownerId))
    .where(eq(certificates.unitId, unitId))
    .orderBy(desc(certificates.issuedAt));
  return rows.map((row) => ({ ...row, issuedOn: row.issuedAt.toISOString().slice(0, 10) }));
}

/** Issues the certificate of the print's latest owner (asked again, the valid one stands). */
export async function certifyLatestOwner(services: AfterSaleServices, workSlug: string, unit: UnitRef) {
  const unitId = await unitIdOf(services.db, workSlug, unit);
  const [latest] =
    unitId === undefined
      ? []
      : await services.db
          .select({ id: editionOwners.id })
          .from(editionOwners)
          .where(eq(editionOwners.unitId, unitId))
          .orderBy(desc(editionOwners.acquiredOn), desc(editionOwners.id))
          .limit(1);
  if (!latest) refuseCertificate("This print has no sale to certify.", 409);
  return certifyOwner(services, latest.id);
}

/** Revokes one of this print's certificates; an id of another print's is refused as unknown. */
export async function revokeUnitCertificate(services: AfterSaleServices, workSlug: string, form: FormData) {
  const id = form.get("certificate");
  const reason = form.get("reason");
  const certificate = typeof id === "string" ? await findCertificate(services.db, id) : undefined;
  if (!certificate || certificate.workSlug !== workSlug) {
    refuseCertificate("There is no such certificate for this work. Reload the page.", 404);
  }
  return revokeCertificate(services.db, {
    id: certificate.id,
    reason: typeof reason === "string" ? reason.trim() : "",
  });
}
