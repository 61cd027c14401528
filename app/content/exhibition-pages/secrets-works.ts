import { artworks } from "~/catalogue/catalogue";
import { secretsWorkTitles } from "./solo-london";

export interface SecretsWork {
  title: string;
  slug: string;
  /** Name of the small image in the "artworks" image collection. */
  image: string;
}

/**
 * The twelve Secrets works, matched to their catalogue records by title. A title missing from the
 * catalogue fails the build, so the exhibition page never links to an artwork page that is not there.
 */
export function secretsWorks(): SecretsWork[] {
  return secretsWorkTitles.map((title) => {
    const record = artworks.find((a) => a.title.toLowerCase() === title.toLowerCase());
    if (!record) throw new Error(`Secrets work "${title}" is not in the catalogue (app/content/artworks.ts)`);
    return { title, slug: record.slug, image: record.imageSmall };
  });
}
