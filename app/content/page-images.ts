/**
 * Every image the site shows that is not an artwork, by collection. The image pipeline makes a
 * stand-in original for each entry that has no real original yet, and derives its sizes.
 * `aspect` is width / height of the original; `transparent` keeps an alpha channel (PNG/WebP/AVIF).
 */
export interface PageImage {
  name: string;
  alt: string;
  aspect: number;
  transparent?: boolean;
}

export const pageImages: Record<string, readonly PageImage[]> = {
  home: [{ name: "hero-studio", alt: "The studio at dusk, large canvases leaning on the wall", aspect: 16 / 9 }],
};
