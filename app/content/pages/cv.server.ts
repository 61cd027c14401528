import { z } from "zod";
import { pageHead, readPageFile, text } from "./page-file.server.ts";

const cvEntrySchema = z.strictObject({
  year: z
    .string({ error: 'must be a year or years in quotes, e.g. "2024" or "2019-2021"' })
    .regex(/^\d{4}(-\d{4})?$/, 'must be a year or years, e.g. "2024" or "2019-2021"'),
  title: text,
  author: text.optional(),
  place: text.optional(),
  link: z
    .string()
    .regex(/^(\/\S*|https:\/\/\S+)$/, 'must be an address on this site ("/articles/...") or "https://..."')
    .optional(),
});

/** content/pages/cv.yaml. */
export const cvPageSchema = z.strictObject({
  ...pageHead,
  heading: text,
  intro: text,
  sections: z.array(z.strictObject({ title: text, entries: z.array(cvEntrySchema).min(1) })).min(1),
});

export type CvPage = z.output<typeof cvPageSchema>;
export type CvEntry = z.output<typeof cvEntrySchema>;

export function loadCvPage(dir?: string): CvPage {
  return readPageFile("cv", cvPageSchema, dir);
}
