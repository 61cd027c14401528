import { pageImagesStartingWith } from "../page-image-lookup";

export const auctionContent = {
  intro:
    "In March 2023 Sotheby's Hong Kong offered The Trinket Maker, a work from the Exotic series, as lot 1147 in its Contemporary Discoveries sale. It was the first time a work by Umbra appeared at a major auction house.",
  work: { title: "The Trinket Maker", slug: "the-trinket-maker" },
  sections: [
    {
      title: "The Work",
      paragraphs: [
        "The Trinket Maker shows a workbench crowded with small glowing objects, each one a charm or keepsake half-made. The figure at the bench is never fully shown; only the hands and the light they work by.",
      ],
    },
    {
      title: "The Sale",
      paragraphs: [
        "The lot carried a reserve estimate of 40,000 to 60,000 Hong Kong dollars. The token for the work was minted on 9 February 2023, a month before the sale, so that its whole history from creation to auction is on record.",
      ],
    },
  ],
  links: [
    {
      label: "Contemporary Discoveries auction catalogue",
      href: "https://www.sothebys.com/en/auctions/2023/contemporary-discoveries-hong-kong",
    },
    {
      label: "Lot 1147: The Trinket Maker",
      href: "https://www.sothebys.com/en/buy/auction/2023/contemporary-discoveries-hong-kong/the-trinket-maker",
    },
  ],
  gallery: pageImagesStartingWith("auction", "gallery-"),
  technicalNotes: {
    english: [
      "Lot 1147. Umbra (b. 1988), The Trinket Maker, 2023.",
      "Unique digital work (1 of 1), minted 9 February 2023, with a giclee print on cotton rag, 200 x 140 cm.",
      "Estimate: HK$40,000 - 60,000.",
    ],
    chinese: [
      "拍品編號 1147。Umbra（1988年生），《飾物匠》，2023年。",
      "獨一版數碼作品（1/1），於2023年2月9日鑄造，附棉質藝術紙微噴版畫，200 x 140 厘米。",
      "估價：港幣 40,000 - 60,000。",
    ],
  },
} as const;
