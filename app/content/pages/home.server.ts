import { z } from "zod";
import { longText, sitePath, text } from "./page-file.server.ts";

const workSlug = z.string().regex(/^[a-z0-9-]+$/, "must be a work's slug (its file name in content/works/)");

/** content/pages/home.yaml. The title and description are the site's own (content/site.yaml). */
export const homePageSchema = z.strictObject({
  hero: z.strictObject({ eyebrow: text, title: text, text: longText, catalogue_link: text, about_link: text }),
  featured: z.strictObject({
    eyebrow: text,
    work: workSlug,
    title: text,
    year: z.string({ error: 'must be a year in quotes, e.g. "2024"' }).regex(/^\d{4}$/, 'must be a year, e.g. "2024"'),
    series: text,
    text: longText,
    link: text,
  }),
  quotes: z.strictObject({ heading: text, more_link: text }),
  series: z.strictObject({
    eyebrow: text,
    title: text,
    work: workSlug,
    image_alt: text,
    text: longText,
    link: sitePath,
    link_label: text,
  }),
  exhibitions: z.strictObject({ heading: text, cv_link: text }),
});

export type HomePage = z.output<typeof homePageSchema>;
