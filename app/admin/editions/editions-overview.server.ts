import type { Catalogue } from "#app/catalogue/catalogue.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import type { EditionLedger } from "#app/editions/edition-ledger.server.ts";
import { readSummaries } from "#app/editions/edition-reading.server.ts";
import { ARTWORKS, fallbackFormat, imageUrl } from "#app/images/image-catalog.ts";
import { imageInfo } from "#app/images/image-info.server.ts";
import { proofsLine, studioEditionLine } from "./edition-studio-words.ts";

/** One work in the editions overview. */
export interface EditionOverviewRow {
  slug: string;
  title: string;
  year: string;
  seriesLabel: string;
  /** The smallest size of the work's picture. */
  thumbnail: string;
  /** "Edition of 8 · 3 available · 2 on hold · 3 sold", "Not set". */
  line: string;
  proofs: string;
  isSet: boolean;
}

export interface EditionsOverview {
  works: EditionOverviewRow[];
  /** How many works the catalogue has, before the search. */
  total: number;
  /** "Icaro: 6 of 12 claimed", for each series with an edition set, and its works still not set. */
  series: { name: string; line: string; notSet: number }[];
}

/** The smallest picture of a work, as the studio's thumbnails show it. */
export function thumbnailOf(imageSmall: string): string {
  const info = imageInfo(ARTWORKS, imageSmall);
  return imageUrl(info, info.widths[0] ?? 400, fallbackFormat(info));
}

/** Works whose title (or series, or year) holds every word of the search. */
function matches(query: string) {
  const words = query.toLowerCase().trim().split(/\s+/).filter(Boolean).slice(0, 8);
  return (work: { title: string; seriesLabel: string; year: string }) =>
    words.every((word) => `${work.title} ${work.seriesLabel} ${work.year}`.toLowerCase().includes(word));
}

/**
 * Every work of the studio's catalogue (hidden ones too) with its edition in words, in
 * catalogue order, the search applied; and each series' claimed prints. One query for the
 * works' editions, one per series.
 */
export async function readEditionsOverview(
  db: AppDatabase,
  catalogue: Catalogue,
  ledger: EditionLedger,
  query: string,
  now: Date,
): Promise<EditionsOverview> {
  const summaries = await readSummaries(
    db,
    catalogue.artworks.map((work) => work.slug),
    now,
  );
  const works = catalogue.artworks.filter(matches(query)).map((work) => {
    const summary = summaries.get(work.slug);
    return {
      slug: work.slug,
      title: work.title,
      year: work.year,
      seriesLabel: work.seriesLabel,
      thumbnail: thumbnailOf(work.imageSmall),
      line: studioEditionLine(summary),
      proofs: summary ? proofsLine(summary.artistProofs) : "",
      isSet: summary !== undefined,
    };
  });
  const seriesNames = [...new Set(catalogue.artworks.map((work) => work.series).filter(Boolean))];
  const series = [];
  for (const name of seriesNames) {
    const summary = await ledger.seriesSummary(name);
    if (summary.total === 0) continue;
    series.push({ name, line: summary.line, notSet: summary.worksWithoutEdition.length });
  }
  return { works, total: catalogue.artworks.length, series };
}
