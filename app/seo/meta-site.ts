import type { ImageInfo } from "#app/images/image-catalog.ts";
import { jpegUrl } from "#app/images/image-urls.ts";

/** A picture for sharing (Open Graph, Twitter) as a loader resolves it: only what the tags say. */
export interface SocialImage {
  /** Site path of the JPEG (PNG if transparent) at the derived width nearest 1200. */
  path: string;
  width: number;
  height: number;
  alt: string;
}

/** The sharing picture of a resolved image: at most 1200 px wide, as the tags announce it. */
export function socialImage(image: ImageInfo, alt: string): SocialImage {
  const width = Math.min(1200, image.width);
  return { path: jpegUrl(image, 1200), width, height: Math.round((width * image.height) / image.width), alt };
}

/**
 * What every page's `meta` says of the site: the brand, the X account and the picture shared
 * for pages with none of their own. The root loader returns it (`site`), so a rebrand in the
 * database reaches titles and sharing tags without a new bundle.
 */
export interface MetaSite {
  brand: string;
  xHandle: string;
  socialImage: SocialImage;
}

/**
 * The root loader's MetaSite from a `meta` function's `matches`. Undefined only when the root
 * loader failed (the error page then has no shell either).
 */
export function metaSite(matches: readonly unknown[]): MetaSite | undefined {
  for (const match of matches) {
    if (!match || typeof match !== "object" || (match as { id?: unknown }).id !== "root") continue;
    const data = (match as { loaderData?: unknown; data?: unknown }).loaderData;
    const site = data && typeof data === "object" ? (data as { site?: MetaSite }).site : undefined;
    return site;
  }
  return undefined;
}
