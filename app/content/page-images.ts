/**
 * Every image the site shows that is not an artwork, by collection. The image pipeline makes a
 * stand-in original for each entry that has no real original yet, and derives its sizes.
 * `aspect` is width / height of the original; `transparent` keeps an alpha channel (PNG/WebP/AVIF).
 */
export interface PageImage {
  name: string;
  alt: string;
  aspect: number;
  transparent?: boolean;
}

/** SPEC.md point 9: hero 2:1.4, image tile 4:3, card image about 10:7. */
const hero = 2 / 1.4;
const tile = 4 / 3;
const card = 10 / 7;

export const pageImages: Record<string, readonly PageImage[]> = {
  home: [{ name: "hero-studio", alt: "The studio at dusk, large canvases leaning on the wall", aspect: 16 / 9 }],
  about: [
    {
      name: "slide-secrets-opening",
      alt: "Opening night of Secrets in London, visitors before three large prints",
      aspect: hero,
    },
    {
      name: "slide-secrets-long-wall",
      alt: "The long wall of Secrets with four 200 cm works hung in a row",
      aspect: hero,
    },
    { name: "slide-studio-bench", alt: "The studio bench with dried leaves, brushes and a tablet", aspect: hero },
    { name: "slide-studio-proofs", alt: "Test proofs pinned edge to edge on the studio wall", aspect: hero },
    {
      name: "slide-miami-booth-front",
      alt: "The black chamber at the Miami booth seen from the fair aisle",
      aspect: hero,
    },
    {
      name: "slide-miami-booth-phones",
      alt: "Visitors holding the booth phones to talk to the hidden artist",
      aspect: hero,
    },
    { name: "slide-miami-booth-night", alt: "The Miami booth after closing, lit by a single lamp", aspect: hero },
    { name: "slide-signed-print", alt: "A signed limited edition print with its numbered certificate", aspect: hero },
    { name: "slide-hong-kong-preview", alt: "The Trinket Maker on the preview wall in Hong Kong", aspect: hero },
    { name: "slide-peru-maloca", alt: "A maloca on the riverbank in the Ucayali region at first light", aspect: hero },
    { name: "slide-peru-notebook", alt: "An open field notebook with pressed leaves and ink sketches", aspect: hero },
    { name: "slide-studio-night", alt: "The studio at night with a large work glowing on the monitor", aspect: hero },
    { name: "slide-icva-visit", alt: "Curators from the institute looking at proofs laid on a table", aspect: hero },
    { name: "slide-secrets-catalogue", alt: "The Secrets catalogue open at an essay beside a print", aspect: hero },
    {
      name: "print-bedroom-explorer",
      alt: "Print of The Bedroom Explorer, a figure in a room of vines",
      aspect: 200 / 140,
      transparent: true,
    },
    {
      name: "print-plant-spirits",
      alt: "Print of Plant Spirits, faces formed in overlapping leaves",
      aspect: 200 / 140,
      transparent: true,
    },
    {
      name: "print-hidden-circus",
      alt: "Print of The Hidden Circus, a ring of dancers made of seed pods",
      aspect: 200 / 140,
      transparent: true,
    },
    {
      name: "print-new-god",
      alt: "Print of The New God, a radiant lattice over a dark field",
      aspect: 200 / 140,
      transparent: true,
    },
    {
      name: "print-trinket-maker",
      alt: "Print of The Trinket Maker, a workbench of glowing small objects",
      aspect: 200 / 140,
      transparent: true,
    },
    {
      name: "print-surrender",
      alt: "Print of The Surrender, a figure dissolving into a river of light",
      aspect: 200 / 140,
      transparent: true,
    },
    { name: "card-icva", alt: "The institute's reading room with a wall of visionary works", aspect: card },
    { name: "card-peru", alt: "Riverbank in the Peruvian Amazon under a low cloud", aspect: card },
    { name: "card-london", alt: "Secrets installed in the London gallery", aspect: card },
    { name: "card-miami", alt: "The opaque chamber at the Miami fair", aspect: card },
    { name: "card-hong-kong", alt: "The auction room in Hong Kong before the sale", aspect: card },
    { name: "card-artworks", alt: "A wall of small prints from every series", aspect: card },
    {
      name: "feature-studio",
      alt: "The artist's hands, face out of frame, sorting leaves on the studio table",
      aspect: tile,
    },
  ],
  contact: [{ name: "portrait", alt: "The assistant director standing in the studio", aspect: 3 / 4 }],
  "solo-london": [
    { name: "feature", alt: "The main room of Secrets with the twelve works hung at eye level", aspect: hero },
    ...Array.from({ length: 12 }, (_, i) => ({
      name: `documentation-${String(i + 1).padStart(2, "0")}`,
      alt: [
        "Visitors arriving at the gallery on opening night",
        "The Bedroom Explorer and An Exotic Trade side by side",
        "A visitor reading the wall text beside The Underworld",
        "Life Death and Rebirth lit from above",
        "The corner where It's All In Your Head meets Plant Spirits",
        "A close view of the cotton rag surface of The Harmala Mysteries",
        "The Hidden Circus seen through the doorway",
        "Red dots beside the pre-sold works",
        "The Source Of Novelty and The Magician's Chest across the room",
        "The New God at the end of the long wall",
        "The Surrender in the last room, with a bench in front",
        "The catalogue stacked on the reception desk",
      ][i]!,
      aspect: tile,
    })),
  ],
  miami: [
    { name: "feature", alt: "The opaque chamber standing in the middle of the Miami fair booth", aspect: hero },
    ...Array.from({ length: 12 }, (_, i) => ({
      name: `gallery-${String(i + 1).padStart(2, "0")}`,
      alt: [
        "The chamber under construction the night before opening",
        "The first visitors lifting the booth phones",
        "A queue along the aisle waiting for a phone",
        "A visitor laughing during a conversation with the hidden artist",
        "Sketches slid out of the chamber's letter slot",
        "The booth wall of works from the Visions series",
        "A collector listening with eyes closed",
        "Two children taking turns on one phone",
        "The chamber's door, sealed for five days",
        "Notes left by visitors pinned to the booth wall",
        "The booth at the end of the fourth day",
        "The chamber being taken apart after the fair",
      ][i]!,
      aspect: tile,
    })),
  ],
  auction: [
    { name: "gallery-01", alt: "The Trinket Maker hung for the preview in Hong Kong", aspect: tile },
    { name: "gallery-02", alt: "The lot 1147 page in the printed catalogue", aspect: tile },
    { name: "gallery-03", alt: "The saleroom during Contemporary Discoveries", aspect: tile },
  ],
  peru: [
    { name: "feature", alt: "The river at dusk seen from the residency's landing", aspect: hero },
    { name: "diaries", alt: "The diary notebooks stacked on a woven mat", aspect: tile },
    { name: "icaros", alt: "A Shipibo textile pattern traced in pencil", aspect: tile },
    { name: "naturalist", alt: "Leaf specimens laid out on paper for drawing", aspect: tile },
    { name: "dieta", alt: "A simple hut at the edge of the forest where the dieta was kept", aspect: tile },
  ],
  partnership: [
    { name: "icva-logo", alt: "Institute of Contemporary Visionary Art logo", aspect: 1, transparent: true },
  ],
};
