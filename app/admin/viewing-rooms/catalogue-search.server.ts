import type { Catalogue } from "#app/catalogue/catalogue.ts";
import type { WorkChoice } from "./room-form.ts";

/** Catalogue works whose title, series (with its years) or slug holds every word typed. */
export function searchCatalogue(catalogue: Catalogue, query: string, limit = 20): WorkChoice[] {
  const words = query.toLowerCase().trim().split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) return [];
  const found: WorkChoice[] = [];
  for (const work of catalogue.artworks) {
    const haystack = `${work.title} ${work.seriesLabel} ${work.slug} ${work.year}`.toLowerCase();
    if (words.every((word) => haystack.includes(word))) {
      found.push({ slug: work.slug, title: work.title, series: work.seriesLabel, year: work.year });
      if (found.length >= limit) break;
    }
  }
  return found;
}
