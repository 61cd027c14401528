import { pageImage } from "../page-image-lookup";

export const peruContent = {
  intro:
    "Umbra spent twelve weeks in the Ucayali region of the Peruvian Amazon, keeping a dieta with Shipibo healers. The residency is the source of the Icaro series: twelve works planned for release in 2025, each a 200 x 140 cm giclee print on cotton rag, half of them claimed before the first was finished.",
  featureImage: pageImage("peru", "feature"),
  sections: [
    {
      title: "The Amazon Diaries",
      image: pageImage("peru", "diaries"),
      paragraphs: [
        "Every day of the residency went into a notebook: weather, meals, dreams, the plants taken and the songs heard. The diaries run to about 12,000 words and are the written half of the series.",
      ],
    },
    {
      title: "Icaro Songs",
      image: pageImage("peru", "icaros"),
      paragraphs: [
        "Icaros are the songs the healers sing during ceremony. Over twelve ceremonies the artist listened for the shapes inside them, and each work in the series is built around one song's pattern.",
      ],
    },
    {
      title: "Naturalist Ideals",
      image: pageImage("peru", "naturalist"),
      paragraphs: [
        "Between ceremonies the artist drew plants from life, as the old naturalists did: slowly, with measurements and notes. Those drawings keep the visionary works tied to real leaves and stems.",
      ],
    },
    {
      title: "The Dieta",
      image: pageImage("peru", "dieta"),
      paragraphs: [
        "The dieta is a period of isolation and a plain diet kept while learning from a plant. For twelve weeks there was no salt, no sugar, no screens and very little talk, and the quiet shaped everything that followed.",
      ],
    },
  ],
  exhibitionPlans: [
    "The Icaro series will be shown together in 2025, with the diary, the field drawings and recordings of the songs, so that visitors can move between the image, the word and the sound.",
  ],
  audio: {
    title: "Field recording from the residency (stand-in)",
    src: "/audio/peru-residency-field-recording.m4a",
    type: "audio/mp4",
    note: "A short stand-in recording; the original field recording will replace it.",
  },
  diary: {
    href: "/articles/the-amazon-diaries-a-month-studying-plant-spirits",
    label: "Read The Amazon Diaries: A Month Studying Plant Spirits",
  },
} as const;
