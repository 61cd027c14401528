/**
 * Image URLs for places that need a plain URL rather than markup (SEO modules, the lightbox) and
 * for <Picture> itself, from a resolved ImageInfo (image-info.server.ts); free of React so
 * server-only modules can import them.
 *   jpegUrl(image, width)      -> "/img/artworks-1200/the-new-god.jpg" (Open Graph, JSON-LD;
 *                                 PNG for transparent images). Width snaps up to a derived width.
 *   lightboxSlide(image, alt)  -> { src, alt, width, height, srcSet } for the one-image viewer.
 */
import { derivedWidth, fallbackFormat, heightAt, type ImageFormat, type ImageInfo, imageUrl } from "./image-catalog.ts";

/** A srcset over every derived width of the image in one format. */
export function srcSetOf(image: ImageInfo, format: ImageFormat): string {
  return image.widths.map((w) => `${imageUrl(image, w, format)} ${w}w`).join(", ");
}

/** Absolute-path URL of the JPEG (PNG if transparent) at the derived width nearest `width`. */
export function jpegUrl(image: ImageInfo, width: number): string {
  return imageUrl(image, derivedWidth(image, width), fallbackFormat(image));
}

export interface LightboxSlide {
  src: string;
  alt: string;
  width: number;
  height: number;
  srcSet: { src: string; width: number; height: number }[];
}

/** The one-image viewer's image: largest JPEG as src, every derived width in srcSet. */
export function lightboxSlide(image: ImageInfo, alt: string): LightboxSlide {
  const format = fallbackFormat(image);
  const largest = image.widths[image.widths.length - 1] ?? image.width;
  return {
    src: imageUrl(image, largest, format),
    alt,
    width: largest,
    height: heightAt(image, largest),
    srcSet: image.widths.map((w) => ({ src: imageUrl(image, w, format), width: w, height: heightAt(image, w) })),
  };
}
