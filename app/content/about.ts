import exhibitions from "virtual:content/exhibitions";
import { type PageImageRef, pageImage, pageImagesStartingWith } from "./page-image-lookup";

export interface Slide {
  image: PageImageRef;
  caption: string;
}

export interface FeatureCard {
  title: string;
  description: string;
  image: PageImageRef;
  link: string;
}

const slideCaptions: Record<string, string> = {
  "slide-secrets-opening": "Secrets, London 2024: opening night",
  "slide-secrets-long-wall": "Secrets, London 2024: the long wall",
  "slide-studio-bench": "The studio: the working bench",
  "slide-studio-proofs": "The studio: proofs for the Secrets series",
  "slide-miami-booth-front": "Art Basel Miami 2023: the booth from the aisle",
  "slide-miami-booth-phones": "Art Basel Miami 2023: conversations by phone",
  "slide-miami-booth-night": "Art Basel Miami 2023: the booth after hours",
  "slide-signed-print": "Signed limited edition print with certificate",
  "slide-hong-kong-preview": "Hong Kong 2023: The Trinket Maker at the preview",
  "slide-peru-maloca": "Peru: the maloca at first light",
  "slide-peru-notebook": "Peru: a page from the field diaries",
  "slide-studio-night": "The studio: a late session",
  "slide-icva-visit": "ICVA curators on a studio visit",
  "slide-secrets-catalogue": "The Secrets catalogue",
};

const byPath = (slug: string) => exhibitions.find((e) => e.slug === slug)!.path;

export const aboutContent = {
  slides: pageImagesStartingWith("about", "slide-").map(
    (image): Slide => ({ image, caption: slideCaptions[image.name] ?? image.alt }),
  ),
  pullQuote: {
    text: "The name is a shadow on purpose. Stand in it long enough and your eyes adjust to what the work is showing you.",
    cite: "Umbra",
  },
  biography: [
    "Umbra is an anonymous Australian artist born in 1988, working at the meeting point of botany, ceremony and digital image-making. For more than thirteen years the work has been posted without a face or a name, so that each piece arrives without a biography attached and has to be met on its own terms.",
    "The paintings begin as drawings made after long periods with plants and the people who know them, then grow on screen into dense, luminous compositions printed at 200 cm wide on cotton rag. Each original is a unique piece recorded on chain; the prints carry a hand signature and a number.",
  ],
  prints: pageImagesStartingWith("about", "print-"),
  featureCards: [
    {
      title: "ICVA Partnership 2025",
      description: "A standing partnership with the Institute of Contemporary Visionary Art, from April 2025.",
      image: pageImage("about", "card-icva"),
      link: byPath("icva-partnership-2025"),
    },
    {
      title: "Residency In The Amazon: Peru",
      description: "Twelve weeks of dieta with Shipibo healers, and the start of the Icaro series.",
      image: pageImage("about", "card-peru"),
      link: byPath("residency-in-the-amazon-peru-2025"),
    },
    {
      title: "Secrets: London, 2024",
      description: "The first solo show: twelve works at 200 cm wide, nine pre-sold before the doors opened.",
      image: pageImage("about", "card-london"),
      link: byPath("solo-exhibition-london-2024"),
    },
    {
      title: "Art Basel Miami 2023",
      description: "Five days sealed in an opaque chamber, talking with visitors by phone.",
      image: pageImage("about", "card-miami"),
      link: byPath("art-basel-miami-2023"),
    },
    {
      title: "Sotheby's Hong Kong 2023",
      description: "Lot 1147, The Trinket Maker, offered in Contemporary Discoveries.",
      image: pageImage("about", "card-hong-kong"),
      link: byPath("sothebys-hong-kong-2023"),
    },
    {
      title: "Artworks",
      description: "The full catalogue: about 120 works across six series, from Maestro to Icaro.",
      image: pageImage("about", "card-artworks"),
      link: "/art",
    },
  ] satisfies FeatureCard[],
  featureImage: pageImage("about", "feature-studio"),
  sections: [
    {
      title: "Practice",
      paragraphs: [
        "Umbra's practice is plant-based and visionary: it starts with time spent among living plants, with the traditions that work with them, and with the states of attention they invite. Drawings made in the field become the skeleton of each digital painting, which is then built up layer by layer over weeks.",
        "Anonymity is part of the method. Without a face to read, a viewer has only the image, and the artist keeps the freedom to follow the work wherever it goes.",
      ],
    },
    {
      title: "Academia",
      paragraphs: [
        "Umbra began a PhD on perception and altered states of consciousness and later discontinued it, choosing to pursue the questions through images rather than papers. The research habits stayed: the field notes, the reading lists, the long written reflections that sit behind each series.",
      ],
    },
    {
      title: "Exhibitions",
      paragraphs: [
        "In 2023 a work from the Exotic series, The Trinket Maker, was offered at auction in Hong Kong, and another work sold at auction in Miami for about $10,000. In May 2024 the first solo exhibition, Secrets, opened in London with twelve large works and an eighty-page catalogue.",
      ],
    },
    {
      title: "Residencies",
      paragraphs: [
        "In December 2023 Umbra spent five days in a live residency at an art fair in Miami, sealed inside an opaque chamber and talking with more than five hundred visitors by phone. A residency in the Peruvian Amazon followed, the source of the Icaro series planned for 2025.",
      ],
    },
  ],
} as const;
