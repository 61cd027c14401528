/**
 * The CV. Internal links point at pages this site serves (articles, interviews, the catalogue PDF);
 * the one external interview stays an external link.
 */
export interface CvEntry {
  year: string;
  title: string;
  place?: string;
  author?: string;
  href?: string;
}

export interface CvSection {
  title: string;
  entries: CvEntry[];
}

export const cvSections: CvSection[] = [
  {
    title: "Education",
    entries: [
      {
        year: "2019-2021",
        title: "PhD candidature, perception and altered states (discontinued)",
        place: "Melbourne, Australia",
      },
      { year: "2014", title: "Master of Fine Arts, digital media", place: "Melbourne, Australia" },
      { year: "2010", title: "Bachelor of Visual Arts", place: "Brisbane, Australia" },
    ],
  },
  {
    title: "Solo Exhibitions",
    entries: [{ year: "2024", title: "Secrets", place: "London, United Kingdom" }],
  },
  {
    title: "Group Exhibitions",
    entries: [
      {
        year: "2025",
        title: "Visionary Now (with the Institute of Contemporary Visionary Art)",
        place: "Online and touring",
      },
      { year: "2023", title: "Art Basel Miami Beach, booth presentation", place: "Miami Beach, United States" },
      { year: "2022", title: "The Return: new digital painting", place: "Sydney, Australia" },
    ],
  },
  {
    title: "Artist Residency",
    entries: [
      { year: "2024", title: "Residency in the Amazon, twelve-week dieta", place: "Ucayali region, Peru" },
      {
        year: "2023",
        title: "Live residency in an opaque chamber, Art Basel Miami Beach",
        place: "Miami Beach, United States",
      },
    ],
  },
  {
    title: "Auction House Sales",
    entries: [
      { year: "2023", title: "Sotheby's Contemporary Discoveries, lot 1147, The Trinket Maker", place: "Hong Kong" },
      {
        year: "2023",
        title: "Charity auction of a work made in residency, sold for about $10,000",
        place: "Miami Beach, United States",
      },
    ],
  },
  {
    title: "Articles/Catalogues/Publications",
    entries: [
      {
        year: "2025",
        title: "The Boy and the Plant",
        author: "Harriet Vossberg",
        place: "Leaf & Lens Quarterly",
        href: "/articles/the-boy-and-the-plant",
      },
      {
        year: "2024",
        title: "Secrets: the exhibition catalogue (80 pages, four essays)",
        author: "Umbra Studio",
        place: "London",
        href: "/files/umbra-secrets-catalogue-full.pdf",
      },
      {
        year: "2024",
        title: "The Secret World of Umbra",
        author: "Callum Ashdown-Reyes",
        place: "The Night Gallery Review",
        href: "/articles/the-secret-world-of-umbra",
      },
      {
        year: "2024",
        title: "Umbra's Secret Ontological Quest",
        author: "Dr. Priya Lanneau",
        place: "Journal of Imaginal Studies",
        href: "/articles/umbras-secret-ontological-quest",
      },
      {
        year: "2023",
        title: "Portals: Accessing and Storing Information in Quantum Folders",
        author: "Umbra",
        place: "Self-published essay",
        href: "/articles/portals-accessing-and-storing-information-in-quantum-folders",
      },
      {
        year: "2023",
        title: "The Boy and the Plant (reprint)",
        author: "Harriet Vossberg",
        place: "Visionary Arts Annual",
        href: "/articles/the-boy-and-the-plant",
      },
      {
        year: "2024",
        title: "The Amazon Diaries: A Month Studying Plant Spirits",
        author: "Umbra",
        place: "Studio diary",
        href: "/articles/the-amazon-diaries-a-month-studying-plant-spirits",
      },
    ],
  },
  {
    title: "Interviews",
    entries: [
      {
        year: "2025",
        title: "One Artist, One Artwork",
        place: "Canvas Weekly",
        href: "/interviews/one-artist-one-artwork-interview",
      },
      {
        year: "2025",
        title: "Delphine Marrow and Umbra",
        place: "The Understory Podcast",
        href: "/interviews/delphine-marrow-and-umbra-interview",
      },
      {
        year: "2024",
        title: "Tobias Quell and Umbra",
        place: "Signal & Noise",
        href: "/interviews/tobias-quell-and-umbra-interview",
      },
      {
        year: "2024",
        title: "FABUK Magazine: The Secrets Show",
        place: "FABUK Magazine",
        href: "/interviews/fabuk-magazine-the-secrets-show",
      },
      {
        year: "2024",
        title: "Behind the Art: Interview and Profile",
        place: "Behind the Art",
        href: "/interviews/behind-the-art-interview-and-profile",
      },
      {
        year: "2024",
        title: "Ines Varga-Holloway and Umbra",
        place: "Fieldnotes Radio",
        href: "/interviews/ines-varga-holloway-and-umbra-interview",
      },
      {
        year: "2024",
        title: "Rafferty Noone and Umbra",
        place: "The Long Table",
        href: "/interviews/rafferty-noone-and-umbra-interview",
      },
      {
        year: "2023",
        title: "Saskia Penhallow and Umbra",
        place: "Art After Dark",
        href: "/interviews/saskia-penhallow-and-umbra-interview",
      },
      {
        year: "2023",
        title: "Otis Brannagh and Umbra",
        place: "Collector's Hour",
        href: "/interviews/otis-brannagh-and-umbra-interview",
      },
      {
        year: "2023",
        title: "Juniper Okafor-Lisle and Umbra",
        place: "Green Room Conversations",
        href: "/interviews/juniper-okafor-lisle-and-umbra-interview",
      },
      {
        year: "2023",
        title: "Mireille Castellane and Umbra",
        place: "Mind & Medium",
        href: "/interviews/mireille-castellane-and-umbra-interview",
      },
      // Stand-in address for the one external visual art journal interview; replace with the real one.
      {
        year: "2023",
        title: "In conversation with Umbra",
        place: "The Visual Art Journal (external)",
        href: "https://visualartjournal.example/interviews/umbra",
      },
    ],
  },
];
