import { artworks } from "~/catalogue/catalogue";
import { secretsWorkTitles } from "./solo-london";

export interface SecretsWork {
  title: string;
  slug: string;
  /** Name of the small image in the "artworks" image collection. */
  image: string;
}

/** Catalogue slugs are the lowercase hyphenated titles; used until the catalogue holds the work. */
const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** The twelve Secrets works, matched to their catalogue records by title. */
export function secretsWorks(): SecretsWork[] {
  return secretsWorkTitles.map((title) => {
    const record = artworks.find((a) => a.title.toLowerCase() === title.toLowerCase());
    return record
      ? { title, slug: record.slug, image: record.imageSmall }
      : { title, slug: slugOf(title), image: slugOf(title) };
  });
}
