import type { Catalogue } from "#app/catalogue/catalogue.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import type { EditionOwner, EditionSale } from "#app/db/edition-schema.ts";

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

/**
 * The one place something happens after the studio records a sale or a resale, once the
 * ledger's transaction has committed (the sale stands whatever happens here). Issue 40's
 * certificate of authenticity is issued, mailed and superseded from here; today it records
 * nothing more.
 */
export async function afterSale(_services: AfterSaleServices, _sale: CompletedSale): Promise<void> {}
