/** Words and picks for the home page. The catalogue owns the works; this file only points at them. */
export const homeContent = {
  hero: {
    eyebrow: "Anonymous · Australian · Visionary",
    title: "Paintings from the other side of the leaf",
    text: "Thirteen years of anonymous work on plant intelligence, ceremony and the hidden rooms of the mind, recorded on chain and printed at 200 cm wide.",
  },
  featured: {
    slug: "the-source-of-novelty",
    title: "The Source Of Novelty",
    year: "2024",
    series: "Secrets (2024)",
    text: "From the London solo show Secrets: a green-gold lattice that folds in on itself like a seed remembering the tree.",
  },
  words: {
    text: "I paint what the plants show me and then I get out of the way.",
  },
  series: {
    title: "Icaro (2025)",
    work: "song-of-the-lupuna",
    workTitle: "Song of the Lupuna",
    text: "Twelve works grown from a twelve-week dieta with Shipibo healers in the Peruvian Amazon. Each is a 200 x 140 cm giclee print on cotton rag; half were claimed before the first was finished.",
    link: "/exhibitions/residency-in-the-amazon-peru-2025",
    linkLabel: "Read about the residency",
  },
} as const;
