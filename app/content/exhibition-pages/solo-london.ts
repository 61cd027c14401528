import { pageImage, pageImagesStartingWith } from "../page-image-lookup";

/** The twelve works of Secrets, by their SPEC.md titles, in hanging order. */
export const secretsWorkTitles = [
  "The Bedroom Explorer",
  "An Exotic Trade",
  "The Underworld",
  "Life Death and Rebirth",
  "It's All In Your Head",
  "Plant Spirits",
  "The Harmala Mysteries",
  "The Hidden Circus",
  "The Source Of Novelty",
  "The Magician's Chest",
  "The New God",
  "The Surrender",
] as const;

export const soloLondonContent = {
  heading: "Secrets: Solo Exhibition, London (2024)",
  intro: [
    "In May 2024 Umbra's first solo exhibition, Secrets, opened in London. Twelve new works, each printed 200 cm wide on cotton rag, filled three rooms; nine were pre-sold before the opening and three were held back by the artist.",
    "The series grew from a single question: what does a plant know that it cannot say? Each work is a room in an imagined house where that knowledge is kept, from the bedroom where a child first meets it to the chest where a magician hides it away.",
  ],
  featureImage: pageImage("solo-london", "feature"),
  quote: {
    text: "Every painting in Secrets is a locked drawer. The viewer holds the key without knowing it.",
    cite: "Umbra, exhibition notes",
  },
  documentation: pageImagesStartingWith("solo-london", "documentation-"),
  catalogue: {
    title: "Secrets: the exhibition catalogue",
    text: "The full catalogue: an eighty-page book with every work, its details and four essays on the series.",
    href: "/files/umbra-secrets-catalogue-full.pdf",
  },
} as const;

/** The four essays of the Secrets catalogue (stand-in abstracts; the PDF keeps a page for each). */
export const secretsCatalogueEssays = [
  {
    title: "Rooms That Keep Secrets",
    author: "Callum Ashdown-Reyes",
    abstract:
      "A walk through the twelve works as rooms in one imagined house, and what each room is hiding from the visitor who stands in its doorway.",
  },
  {
    title: "The Botanist's Patience",
    author: "Harriet Vossberg",
    abstract:
      "On the field drawings behind the series: the slow looking of the naturalist tradition, and how it keeps visionary images rooted in real leaves.",
  },
  {
    title: "Ontology in the Shade",
    author: "Dr. Priya Lanneau",
    abstract:
      "What the paintings propose about things that are also beings: chests that listen, beds that remember, and plants that look back.",
  },
  {
    title: "Against the Signature",
    author: "Noor Elsworth",
    abstract:
      "Thirteen years of anonymity considered as a method rather than a mystery: what the work gains when it arrives without a face.",
  },
] as const;
