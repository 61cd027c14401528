import { z } from "zod";
import { longText, pageHead, pageImageName, paragraphs, sitePath, text } from "./page-file.server.ts";

/** content/pages/about.yaml. */
export const aboutPageSchema = z.strictObject({
  ...pageHead,
  eyebrow: text,
  heading: text,
  slideshow_label: text,
  slides: z.array(z.strictObject({ image: pageImageName, caption: longText })).min(1),
  quote: z.strictObject({ text: longText, cite: text.optional() }),
  biography: z.strictObject({ heading: text, paragraphs }),
  prints: z.strictObject({ heading: text, images: z.array(pageImageName) }),
  cards: z.strictObject({
    heading: text,
    read_more: text,
    items: z.array(z.strictObject({ title: text, description: longText, image: pageImageName, link: sitePath })),
  }),
  sections: z.array(z.strictObject({ title: text, image: pageImageName.optional(), paragraphs })),
});

export type AboutPage = z.output<typeof aboutPageSchema>;
