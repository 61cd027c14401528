import { z } from "zod";
import { longText, pageHead, text } from "./page-file.server.ts";

// The pages with a few lines of copy each: Merch, the 404 page, the quote wall and the indexes of
// exhibitions, articles and interviews, and the gallery's words.

/** content/pages/merch.yaml. */
export const merchPageSchema = z.strictObject({ ...pageHead, heading: text });

/** content/pages/not-found.yaml: no description, since the page is not indexed. */
export const notFoundPageSchema = z.strictObject({ title: text, heading: text, message: longText });

/** content/pages/quotes.yaml. */
export const quotesPageSchema = z.strictObject({
  ...pageHead,
  eyebrow: text,
  heading: text,
  lede: longText,
  empty: text,
  no_match: text.regex(/\{search\}/, "must say where the searched words go with {search}"),
});

/** content/pages/{articles,interviews}.yaml: the heading and the line under it. */
export const longFormIndexPageSchema = z.strictObject({ ...pageHead, heading: text, intro: longText });
/** content/pages/exhibitions.yaml: the texts above the exhibition cards. */
export const exhibitionsPageSchema = z.strictObject({ ...pageHead, eyebrow: text, heading: text, lede: longText });

/** content/pages/art.yaml: the gallery's and the artwork pages' words. */
export const artPageSchema = z.strictObject({
  ...pageHead,
  heading: text,
  share_work: text.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a work's file name in content/works, e.g. the-new-god"),
  no_match_heading: text,
  no_match: text,
  empty: text,
  page_not_found: text,
  bad_page: text,
  work_not_found_title: text,
  work_not_found_heading: text,
  work_not_found_message: text,
  /** The artwork page's "View at scale" panel: its heading and the line under the drawing. */
  scale_heading: text,
  scale_caption: text,
});

export type MerchPage = z.output<typeof merchPageSchema>;
export type ArtPage = z.output<typeof artPageSchema>;
export type NotFoundPage = z.output<typeof notFoundPageSchema>;
export type QuotesPage = z.output<typeof quotesPageSchema>;
export type LongFormIndexPage = z.output<typeof longFormIndexPageSchema>;
export type ExhibitionsPage = z.output<typeof exhibitionsPageSchema>;
