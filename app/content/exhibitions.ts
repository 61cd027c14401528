/** The five exhibition pages, in the order the navigation lists them. */
export interface ExhibitionLink {
  slug: string;
  path: string;
  /** Label in the header dropdown (SPEC.md wording). */
  navLabel: string;
  /** Page title without the brand suffix. */
  title: string;
  year: number;
  place: string;
  summary: string;
}

const base = "/exhibitions/";

export const exhibitions: readonly ExhibitionLink[] = [
  {
    slug: "icva-partnership-2025",
    path: `${base}icva-partnership-2025`,
    navLabel: "ICVA Partnership 2025",
    title: "Institute of Contemporary Visionary Art Partnership",
    year: 2025,
    place: "Institute of Contemporary Visionary Art",
    summary: "A standing partnership with the institute, announced in April 2025.",
  },
  {
    slug: "residency-in-the-amazon-peru-2025",
    path: `${base}residency-in-the-amazon-peru-2025`,
    navLabel: "Residency In The Amazon: Peru 2025",
    title: "Shipibo Visions: Peru, 2024",
    year: 2025,
    place: "Ucayali region, Peru",
    summary: "A twelve-week dieta in the Amazon and the seeds of the Icaro series.",
  },
  {
    slug: "solo-exhibition-london-2024",
    path: `${base}solo-exhibition-london-2024`,
    navLabel: "Solo Exhibition: London, 2024",
    title: "Solo Exhibition: London, 2024",
    year: 2024,
    place: "London",
    summary: "Secrets: twelve works at 200 cm wide, nine pre-sold before opening night.",
  },
  {
    slug: "art-basel-miami-2023",
    path: `${base}art-basel-miami-2023`,
    navLabel: "Art Basel Miami 2023",
    title: "Art Basel Miami 2023: Artist Residency",
    year: 2023,
    place: "Miami Beach",
    summary: "Five days inside an opaque chamber and more than five hundred conversations.",
  },
  {
    slug: "sothebys-hong-kong-2023",
    path: `${base}sothebys-hong-kong-2023`,
    navLabel: "Sotheby's Hong Kong 2023",
    title: "Sotheby's Auction 2023: Contemporary Discoveries",
    year: 2023,
    place: "Hong Kong",
    summary: "Lot 1147, The Trinket Maker, offered in Contemporary Discoveries.",
  },
];
