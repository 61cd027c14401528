import { ownEntry } from "#app/security/own-entry.ts";
import type { ArtworkCard } from "./artwork-list.ts";
import type { ArtworkRecord } from "./artwork-record.ts";
import { parseWorkLabel } from "./work-label.ts";

/**
 * The one place raw catalogue records become what pages show (vercel/commerce's reshape step):
 * camelCase fields, image names, series labels like "Secrets (2024)", links only when present.
 */
export interface Artwork {
  id: number;
  slug: string;
  title: string;
  year: string;
  series: string;
  /** "Secrets (2024)": the series with its years, as SPEC.md shows it. */
  seriesLabel: string;
  chain: string;
  availability: string;
  /** Empty string when the record has none. */
  description: string;
  mintAddress?: string;
  secondaryMarket?: string;
  /** Image names in the "artworks" image collection. */
  imageSmall: string;
  imageLarge: string;
  /** Edition size stated in the description ("Edition: 1 of 8"), 1 when not stated. */
  edition: number;
}

export const SERIES_YEARS: Record<string, string> = {
  Maestro: "2005-2012",
  "The Return": "2021-2022",
  Exotic: "2023",
  Visions: "2023",
  Secrets: "2024",
  Icaro: "2025",
};

export function seriesLabel(series: string): string {
  const years = ownEntry(SERIES_YEARS, series);
  return years ? `${series} (${years})` : series;
}

/** Works in the edition, read as the label reads it (decision 022); 1 when the description says none. */
function editionFrom(description: string): number {
  const size = parseWorkLabel(description).edition?.size;
  return size !== undefined && Number.isFinite(size) ? size : 1;
}

const lastSegment = (p: string) => p.slice(p.lastIndexOf("/") + 1);

/** One checked work file as pages show it. */
export function toArtwork(r: ArtworkRecord): Artwork {
  return {
    id: r.artwork_id,
    slug: r.slug,
    title: r.title,
    year: r.year,
    series: r.series,
    seriesLabel: seriesLabel(r.series),
    chain: r.chain,
    availability: r.availability,
    description: r.description,
    mintAddress: r.mint_address || undefined,
    secondaryMarket: r.secondary_market || undefined,
    imageSmall: lastSegment(r.image_small),
    imageLarge: lastSegment(r.image_large),
    edition: editionFrom(r.description),
  };
}

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * Every work in catalogue order and the lookups pages make on it. Made from the content store's
 * records (app/content/content-store.server.ts), once per version of the content.
 */
export class Catalogue {
  readonly artworks: readonly Artwork[];
  readonly #bySlug: Map<string, Artwork>;
  readonly #imageNames: Set<string>;

  constructor(records: readonly ArtworkRecord[]) {
    this.artworks = records.map(toArtwork);
    this.#bySlug = new Map(this.artworks.map((a) => [a.slug, a] as const));
    this.#imageNames = new Set(this.artworks.flatMap((a) => [a.imageSmall, a.imageLarge]));
  }

  find(slug: string | undefined): Artwork | undefined {
    return slug ? this.#bySlug.get(slug) : undefined;
  }

  isArtworkImage(name: string): boolean {
    return this.#imageNames.has(name);
  }

  /** What a gallery card needs, in data order (the list rule sorts and de-duplicates). */
  cards(): ArtworkCard[] {
    return this.artworks.map((a) => ({
      id: a.id,
      slug: a.slug,
      title: a.title,
      year: a.year,
      series: a.series,
      chain: a.chain,
      availability: a.availability,
      image: a.imageSmall,
    }));
  }

  /** The values present in the catalogue for each gallery filter (series in chronological order). */
  filterOptions(): { availability: FilterOption[]; chain: FilterOption[]; series: FilterOption[] } {
    const present = (pick: (a: Artwork) => string) => [...new Set(this.artworks.map(pick))];
    const seriesOrder = Object.keys(SERIES_YEARS);
    return {
      availability: present((a) => a.availability).map((value) => ({ value, label: value })),
      chain: present((a) => a.chain)
        .sort()
        .map((value) => ({ value, label: value })),
      series: present((a) => a.series)
        .sort((a, b) => seriesOrder.indexOf(a) - seriesOrder.indexOf(b))
        .map((value) => ({ value, label: seriesLabel(value) })),
    };
  }
}
