import { type ExhibitionLink, exhibitions } from "./exhibitions";

/** The exhibitions.ts entry for a page's slug; a typo fails loudly at build time. */
export function exhibitionBySlug(slug: string): ExhibitionLink {
  const found = exhibitions.find((e) => e.slug === slug);
  if (!found) throw new Error(`No exhibition "${slug}" in app/content/exhibitions.ts`);
  return found;
}
