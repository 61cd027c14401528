import { pageImage, pageImagesStartingWith } from "../page-image-lookup";

export const miamiContent = {
  headline: "Five days in the dark, five hundred conversations",
  intro:
    "In December 2023 Umbra took up a live residency at Art Basel Miami Beach without once being seen. For five days the artist worked inside an opaque chamber at the centre of the booth, and spoke to the fair only by telephone.",
  featureImage: pageImage("miami", "feature"),
  sections: [
    {
      title: "The Artist Residency",
      paragraphs: [
        "The residency ran for the five days of the fair. Each morning the artist entered the chamber before the doors opened and left it after the last visitor had gone, so that no one at the fair ever saw who was inside.",
      ],
    },
    {
      title: "An Opaque Chamber",
      paragraphs: [
        "The chamber was a plain black box, three metres on each side, with a narrow slot at waist height. Inside were a desk, a lamp, a tablet and a row of telephones wired to handsets on the outside walls.",
      ],
    },
    {
      title: "The Public Engagement",
      paragraphs: [
        "Anyone could pick up a handset and talk. Over the five days more than five hundred conversations took place, some a few seconds long and some close to an hour. Many visitors left with a small sketch pushed out through the slot.",
      ],
    },
    {
      title: "Anonymity and Authenticity",
      paragraphs: [
        "Visitors often asked how they could know the voice on the line was really the artist. The answer was always the same: you cannot, and the work does not need you to. What you can know is what you felt looking at it.",
      ],
    },
    {
      title: "Medicine For The Soul",
      paragraphs: [
        "A surprising number of calls were not about art at all. People spoke about grief, illness and change, and the artist listened. The works on the booth walls, from the Visions series, became a backdrop to those conversations.",
      ],
    },
    {
      title: "In Between Two Worlds",
      paragraphs: [
        "Inside the chamber the fair was only sound; outside it the artist was only a voice. The residency lived in the space between, and a work made in the chamber on the last day later sold at auction for about $10,000.",
      ],
    },
  ],
  gallery: pageImagesStartingWith("miami", "gallery-"),
  firsts: [
    "The first artist residency held inside a sealed chamber at the fair.",
    "The first time the artist spoke directly with the public, over 550 phone conversations.",
    "The first work made during a live residency to sell at auction, for about $10,000.",
  ],
} as const;
