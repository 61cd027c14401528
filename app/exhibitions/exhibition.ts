import type { PageImageRef } from "#app/images/page-image-lookup.ts";
import type { ExhibitionBlock } from "./exhibition-blocks.ts";

/** What the navigation, home page and sitemap list of an exhibition. */
export interface ExhibitionLink {
  slug: string;
  path: string;
  /** Label in the header dropdown (SPEC.md wording). */
  navLabel: string;
  /** Page title without the brand suffix. */
  title: string;
  year: number;
  place: string;
  summary: string;
  /** The picture on the exhibitions index: the `card_image`, else the page's hero image. */
  featureImage?: PageImageRef;
}

/** One whole exhibition page (content/exhibitions/<slug>.yaml). */
export interface Exhibition extends ExhibitionLink {
  eyebrow: string;
  /** The h1; the title unless the page words it differently. */
  heading: string;
  /** Prefix of heading ids derived from headings ("miami" makes "miami-gallery"). */
  idPrefix?: string;
  /** The index card's picture for a page without a hero (`card_image`). */
  cardImage?: PageImageRef;
  blocks: ExhibitionBlock[];
}
