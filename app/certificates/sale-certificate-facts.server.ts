// What a sold print's certificate states, gathered from the ledger and the catalogue (issue 40):
// the owner it certifies, the print's number in its edition, the work's facts as its label
// reads them, where it is minted, the hash of its original and the collector's name (or that
// they keep it private). Read only; the issuing transaction writes.
import { eq } from "drizzle-orm";
import type { Catalogue } from "#app/catalogue/catalogue.ts";
import { CATALOGUE_PRINTED_SIZE, parseWorkLabel, printedSizeText } from "#app/catalogue/work-label.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import {
  type Edition,
  type EditionOwner,
  type EditionUnit,
  editionOwners,
  editions,
  editionUnits,
} from "#app/db/edition-schema.ts";
import type { CertificateFacts } from "./certificate-schema.ts";
import { CertificateFactsError } from "./issue-certificate.server.ts";
import type { WorkImage, WorkImageSource } from "./work-image.server.ts";

/** "3/8", "1/1" or "AP 1/2" (the proof's number of the edition's proofs), as a certificate states it. */
export function certificateEditionLabel(
  edition: Pick<Edition, "kind" | "size" | "artistProofs">,
  unit: Pick<EditionUnit, "number" | "artistProof">,
): string {
  if (unit.artistProof) return `AP ${unit.number}/${edition.artistProofs}`;
  return edition.kind === "unique" ? "1/1" : `${unit.number}/${edition.size}`;
}

export interface SaleCertificateFacts {
  facts: CertificateFacts;
  owner: EditionOwner;
  unit: EditionUnit;
  edition: Edition;
  image: WorkImage;
}

type Reader = Pick<AppDatabase, "select">;

/** The facts for `ownerId`'s certificate; a CertificateFactsError says what is missing. */
export async function gatherSaleFacts(
  db: Reader,
  ownerId: number,
  sources: { catalogue: Catalogue; artist: string; images: WorkImageSource },
): Promise<SaleCertificateFacts> {
  const [row] = await db
    .select({ owner: editionOwners, unit: editionUnits, edition: editions })
    .from(editionOwners)
    .innerJoin(editionUnits, eq(editionUnits.id, editionOwners.unitId))
    .innerJoin(editions, eq(editions.id, editionUnits.editionId))
    .where(eq(editionOwners.id, ownerId));
  if (!row) throw new CertificateFactsError("There is no such owner of a print in the ledger.");
  const { owner, unit, edition } = row;
  const work = sources.catalogue.find(edition.workSlug);
  if (!work) throw new CertificateFactsError(`The work "${edition.workSlug}" is no longer in the catalogue.`);
  const label = parseWorkLabel(work.description);
  if (!label.medium) {
    throw new CertificateFactsError(
      `${work.title} has no medium in its description ("Medium: ..." under "Additional information:"); add it, then issue the certificate.`,
    );
  }
  const image = await sources.images(work.imageLarge);
  const facts: CertificateFacts = {
    artist: sources.artist,
    title: work.title,
    year: work.year,
    medium: label.medium,
    size: label.printedSizeText ?? printedSizeText(label.printedSize ?? CATALOGUE_PRINTED_SIZE),
    edition: certificateEditionLabel(edition, unit),
    ...(work.mintAddress ? { token: { chain: work.chain, mintAddress: work.mintAddress } } : {}),
    imageSha256: image.sha256,
    collector: owner.private ? { private: true } : { name: owner.ownerName },
  };
  return { facts, owner, unit, edition, image };
}
