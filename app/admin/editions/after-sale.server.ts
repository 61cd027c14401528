import type { Catalogue } from "#app/catalogue/catalogue.ts";
import { CertificateRefusal } from "#app/certificates/certificate-refusal.ts";
import { issueSaleCertificate } from "#app/certificates/sale-certificates.server.ts";
import { siteSettings } from "#app/content/site-settings.server.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import type { EditionOwner, EditionSale } from "#app/db/edition-schema.ts";
import { getLogger } from "#app/observability/logger.server.ts";

/** What the step after a sale may use: the database and the studio's catalogue (hidden works too). */
export interface AfterSaleServices {
  db: AppDatabase;
  catalogue: Catalogue;
}

/** A sale or resale the ledger has committed. */
export interface CompletedSale {
  kind: "sale" | "resale";
  workSlug: string;
  number: number;
  artistProof: boolean;
  /** The sale's row: the first sale's own, a resale's is the print's original sale. */
  sale?: EditionSale;
  /** The print's new owner (the collector of a first sale). */
  owner: EditionOwner;
}

/** Issues (and mails) the certificate for `ownerId`, the print's latest owner; a resale's supersedes the last. */
export function certifyOwner(services: AfterSaleServices, ownerId: number) {
  return issueSaleCertificate(
    { db: services.db, catalogue: services.catalogue, artist: siteSettings().brand },
    {
      id: ownerId,
    },
  );
}

/**
 * The one place something happens after the studio records a sale or a resale, once the
 * ledger's transaction has committed: the certificate of authenticity is issued, mailed to the
 * collector and supersedes the print's previous one. The sale stands whatever happens here, so
 * a refused certificate (a work without a medium, say) is not an error page: the answer is
 * false, and the print's panel offers to issue it once the facts are right.
 */
export async function afterSale(services: AfterSaleServices, sale: CompletedSale): Promise<boolean> {
  try {
    await certifyOwner(services, sale.owner.id);
    return true;
  } catch (error) {
    if (!(error instanceof CertificateRefusal)) throw error;
    getLogger().warn({ work: sale.workSlug, reason: error.message }, "certificate not issued after a sale");
    return false;
  }
}
