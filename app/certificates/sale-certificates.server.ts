// Certificates for sold prints (issue 40): issued from the ledger's sale or resale, stored with
// their state, superseded by a resale's new certificate in the same transaction, revoked with a
// reason. The studio's sale action calls issueSaleCertificate after EditionLedger.sell or
// recordResale; the certificate's mail to the collector is queued in the same transaction.
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Catalogue } from "#app/catalogue/catalogue.ts";
import { type CertificateRow, certificates } from "#app/db/certificate-schema.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import { type EditionOwner, editionOwners, editionUnits } from "#app/db/edition-schema.ts";
import { queueCertificateMail } from "./certificate-mail.server.ts";
import { CertificateRefusal, refuseCertificate } from "./certificate-refusal.ts";
import { CERTIFICATE_ID } from "./certificate-schema.ts";
import { CertificateFactsError, issueCertificate } from "./issue-certificate.server.ts";
import { gatherSaleFacts } from "./sale-certificate-facts.server.ts";
import type { SigningKeyStore } from "./signing-keys.server.ts";
import { type WorkImageSource, workImages } from "./work-image.server.ts";

export interface CertificateDeps {
  db: AppDatabase;
  /** The studio's catalogue (hidden works included): the work's title, year, medium, size. */
  catalogue: Catalogue;
  /** The artist's name as certificates state it (the site's brand). */
  artist: string;
  images?: WorkImageSource;
  keys?: SigningKeyStore;
  /** The site's public origin (configuration, never a request's Host). */
  origin?: string;
  now?: () => Date;
}

export interface IssuedSaleCertificate {
  certificate: CertificateRow;
  /** False when the owner already had a valid certificate: it is returned, nothing new is sent. */
  created: boolean;
  /** The certificate this one replaced (a resale), if any. */
  supersededId?: string;
  /** The queued mail to the collector; undefined when the owner has no email. */
  mailId?: number;
}

type Tx = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

/**
 * Issues the certificate for a sale (`EditionLedger.sell`'s record) or a resale (the owner
 * `recordResale` returned): signs the facts, stores the certificate, supersedes the print's
 * previous one and queues the collector's mail, in one transaction. Asking twice for the same
 * owner returns the first. Refuses (CertificateRefusal) an owner who is no longer the print's
 * latest, or facts that do not hold (a work without a medium).
 */
export async function issueSaleCertificate(
  deps: CertificateDeps,
  record: { owner: Pick<EditionOwner, "id"> } | Pick<EditionOwner, "id">,
): Promise<IssuedSaleCertificate> {
  const ownerId = "owner" in record ? record.owner.id : record.id;
  const now = deps.now?.() ?? new Date();
  const gathered = await gatherSaleFacts(deps.db, ownerId, {
    catalogue: deps.catalogue,
    artist: deps.artist,
    images: deps.images ?? workImages(),
  }).catch(asRefusal);
  const issued = await issueCertificate(gathered.facts, { keys: deps.keys, origin: deps.origin, now }).catch(asRefusal);
  const { owner, unit, edition } = gathered;
  return deps.db.transaction(async (tx) => {
    await tx.select({ id: editionUnits.id }).from(editionUnits).where(eq(editionUnits.id, unit.id)).for("update");
    const [latest] = await tx
      .select({ id: editionOwners.id, name: editionOwners.ownerName })
      .from(editionOwners)
      .where(eq(editionOwners.unitId, unit.id))
      .orderBy(desc(editionOwners.acquiredOn), desc(editionOwners.id))
      .limit(1);
    if (latest?.id !== owner.id) {
      refuseCertificate("This print has a later owner; issue the certificate for its latest owner.", 409);
    }
    const [current] = await tx
      .select()
      .from(certificates)
      .where(and(eq(certificates.unitId, unit.id), eq(certificates.state, "valid")));
    if (current?.ownerId === owner.id) return { certificate: current, created: false };
    if (current) {
      await tx
        .update(certificates)
        .set({ state: "superseded", supersededAt: now, supersededBy: issued.id })
        .where(eq(certificates.id, current.id));
    }
    const [certificate] = await tx
      .insert(certificates)
      .values({
        id: issued.id,
        unitId: unit.id,
        ownerId: owner.id,
        saleId: owner.saleId,
        workSlug: edition.workSlug,
        editionLabel: gathered.facts.edition,
        jws: issued.text,
        issuedAt: new Date(issued.credential.validFrom),
      })
      .returning();
    if (!certificate) throw new Error("insert returned no certificate");
    const mailId = await mailIfAddressed(tx, owner, certificate, gathered.facts.title);
    return { certificate, created: true, supersededId: current?.id, mailId };
  });
}

function mailIfAddressed(tx: Tx, owner: EditionOwner, certificate: CertificateRow, title: string) {
  if (!owner.ownerEmail) return Promise.resolve(undefined);
  return queueCertificateMail(tx, { to: owner.ownerEmail, certificateId: certificate.id, title });
}

function asRefusal(error: unknown): never {
  if (error instanceof CertificateFactsError) throw new CertificateRefusal(error.message, 422);
  throw error;
}

const revokeInput = z.strictObject({
  id: z.string().regex(CERTIFICATE_ID, "That is not a certificate's number."),
  reason: z
    .string({ error: "Say why the certificate is revoked." })
    .trim()
    .min(1, "Say why the certificate is revoked.")
    .max(500, "Keep the reason to 500 characters."),
});

/** Revokes a valid certificate with a reason the verify page shows; a revoked or superseded one is refused. */
export async function revokeCertificate(
  db: AppDatabase,
  input: unknown,
  now: Date = new Date(),
): Promise<CertificateRow> {
  const parsed = revokeInput.safeParse(input);
  if (!parsed.success) refuseCertificate(parsed.error.issues[0]?.message ?? "That revocation is not right.", 400);
  const { id, reason } = parsed.data;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(certificates).where(eq(certificates.id, id)).for("update");
    if (!row) refuseCertificate("There is no certificate with that number.", 404);
    if (row.state !== "valid") {
      refuseCertificate(
        row.state === "revoked"
          ? "This certificate is already revoked."
          : "This certificate was superseded by a newer one after a resale; revoke the newer one instead.",
        409,
      );
    }
    const [revoked] = await tx
      .update(certificates)
      .set({ state: "revoked", revokedAt: now, revokedReason: reason })
      .where(eq(certificates.id, id))
      .returning();
    return revoked as CertificateRow;
  });
}
