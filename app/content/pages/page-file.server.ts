import { z } from "zod";
import { siteLinkAddress } from "#app/security/link-address.ts";

/** A line or paragraph of copy. A missing field says so, rather than zod's "expected string, received undefined". */
export const text = z
  .string({ error: (issue) => (issue.input === undefined ? "is missing" : "must be a text") })
  .trim()
  .min(1, "must be a non-empty text");

/** A text that runs to paragraphs: a textarea in the editor. */
export const longText = text.meta({ long: true });

/** A page's paragraphs: a list of texts, at least one. */
export const paragraphs = z.array(text).min(1, "must list at least one paragraph").meta({ long: true });

/** An internal address, e.g. `/art` or `/exhibitions/art-basel-miami-2023`. */
export const sitePath = siteLinkAddress;

/**
 * A page image as `collection/name`, e.g. `about/card-icva`: an entry of content/images/<collection>.yaml.
 * The route looks it up with pageImage(), so a name that is not registered fails the prerender.
 */
export const pageImageName = z
  .string()
  .regex(/^[a-z0-9-]+\/[a-z0-9-]+$/, 'must be "collection/name", e.g. "about/card-icva"')
  .transform((value) => {
    const [collection = "", name = ""] = value.split("/");
    return { collection, name };
  })
  .meta({ image: true });

export type PageImageName = z.output<typeof pageImageName>;

/** What every page file starts with: its title (before " - {brand}") and its meta description. */
export const pageHead = {
  title: text,
  description: longText.meta({ long: true, help: "What search engines and shared links show under the title." }),
};
