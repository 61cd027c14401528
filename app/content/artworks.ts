import type { ArtworkRecord } from "~/catalogue/artwork-record";

/** The catalogue (stand-in content). Checked against app/catalogue/artwork-record.ts at build. */
export const artworkRecords: ArtworkRecord[] = [
  {
    title: "The Source Of Novelty",
    slug: "the-source-of-novelty",
    artwork_id: 109,
    year: "2024",
    series: "Secrets",
    chain: "Solana",
    availability: "Sold",
    mint_address: "",
    secondary_market: "",
    description: "",
    image_small: "/artworks-800/the-source-of-novelty",
    image_large: "/artworks-1920/the-source-of-novelty",
  },
];
