/**
 * Image URLs for places that need a plain URL rather than markup (SEO modules, the lightbox) and
 * for <Picture> itself; free of React so server-only modules can import them.
 *   jpegUrl(collection, name, width)   -> "/img/artworks-1200/the-new-god.jpg" (Open Graph, JSON-LD;
 *                                         PNG for transparent images). Width snaps up to a derived width.
 *   lightboxSlide(collection, name, alt) -> { src, alt, width, height, srcSet } for yet-another-react-lightbox.
 *   imageDimensions(collection, name)  -> { width, height } of the original.
 */
import {
  derivedWidth,
  fallbackFormat,
  heightAt,
  type ImageFormat,
  type ImageInfo,
  imageInfo,
  imageUrl,
} from "./image-catalog.ts";

/** A srcset over every derived width of the image in one format. */
export function srcSetOf(image: ImageInfo, format: ImageFormat): string {
  return image.widths.map((w) => `${imageUrl(image, w, format)} ${w}w`).join(", ");
}

/** Absolute-path URL of the JPEG (PNG if transparent) at the derived width nearest `width`. */
export function jpegUrl(collection: string, name: string, width: number): string {
  const image = imageInfo(collection, name);
  return imageUrl(image, derivedWidth(image, width), fallbackFormat(image));
}

export function imageDimensions(collection: string, name: string): { width: number; height: number } {
  const { width, height } = imageInfo(collection, name);
  return { width, height };
}

export interface LightboxSlide {
  src: string;
  alt: string;
  width: number;
  height: number;
  srcSet: { src: string; width: number; height: number }[];
}

/** A slide for yet-another-react-lightbox: largest JPEG as src, every derived width in srcSet. */
export function lightboxSlide(collection: string, name: string, alt: string): LightboxSlide {
  const image = imageInfo(collection, name);
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
