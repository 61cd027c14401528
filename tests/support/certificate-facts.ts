import type { CertificateFacts } from "#app/certificates/certificate-schema.ts";

/** A sold print's facts, as the edition ledger will hand them to issueCertificate. */
export const PRINT_FACTS: CertificateFacts = {
  artist: "Umbra",
  title: "A Door in the Canopy",
  year: "2007",
  medium: "Digital painting; archival pigment print on cotton rag",
  size: "200 × 140 cm",
  edition: "3/8",
  token: { chain: "Ethereum", mintAddress: "https://etherscan.io/nft/0x0000000000000000000000000000000000c0ffee/6" },
  imageSha256: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
  collector: { name: "Ana Lima" },
};
