import { z } from "zod";
import { linkAddress } from "#app/security/link-address.ts";
import { longText, pageHead, text } from "./page-file.server.ts";

const cvEntrySchema = z.strictObject({
  year: z
    .string({ error: 'must be a year or years in quotes, e.g. "2024" or "2019-2021"' })
    .regex(/^\d{4}(-\d{4})?$/, 'must be a year or years, e.g. "2024" or "2019-2021"'),
  title: text,
  author: text.optional(),
  place: text.optional(),
  link: linkAddress.optional(),
});

/** The year an entry is ordered by: the last of a range ("2019-2021" is 2021). */
export function latestYear(year: string): number {
  return Number(year.slice(-4));
}

/** A section's entries, newest first, so a CV read top down is a history read backwards. */
const newestFirstEntries = z
  .array(cvEntrySchema)
  .min(1)
  .superRefine((entries, ctx) => {
    entries.forEach((entry, index) => {
      const before = entries[index - 1];
      if (before && latestYear(entry.year) > latestYear(before.year))
        ctx.addIssue({
          code: "custom",
          path: [index, "year"],
          message: `entries are listed newest first: "${entry.title}" (${entry.year}) must come before "${before.title}" (${before.year})`,
        });
    });
  });

/** content/pages/cv.yaml. */
export const cvPageSchema = z.strictObject({
  ...pageHead,
  heading: text,
  intro: longText,
  sections: z.array(z.strictObject({ title: text, entries: newestFirstEntries })).min(1),
});

export type CvPage = z.output<typeof cvPageSchema>;
export type CvEntry = z.output<typeof cvEntrySchema>;
