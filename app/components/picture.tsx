/**
 * <Picture>: every raster image on the site goes through this component.
 *
 *   <Picture collection="artworks" name="the-new-god" alt="..." sizes="(max-width: 768px) 100vw, 50vw" />
 *
 * Renders <picture> with AVIF and WebP sources and a JPEG <img> fallback (PNG for images declared
 * `transparent`), a srcset over the derived widths, explicit width/height (no layout shift), a
 * blur placeholder painted behind the image, and `loading="lazy"` — unless `priority` is set for
 * the largest image above the fold, which loads eagerly with `fetchPriority="high"` and is
 * preloaded from <head>.
 * `className` is applied to the <img>. Images are declared in content/images/<collection>.yaml
 * (artworks come from the catalogue); an undeclared name throws, so a typo fails the build.
 *
 * For places that need a plain URL rather than markup:
 *   jpegUrl(collection, name, width)   -> "/img/artworks-1200/the-new-god.jpg" (Open Graph, JSON-LD;
 *                                         PNG for transparent images). Width snaps up to a derived width.
 *   lightboxSlide(collection, name, alt) -> { src, alt, width, height, srcSet } for yet-another-react-lightbox.
 *   imageDimensions(collection, name)  -> { width, height } of the original.
 */
import type { CSSProperties } from "react";
import { preload } from "react-dom";
import { derivedWidth, fallbackFormat, heightAt, type ImageFormat, imageInfo, imageUrl } from "~/images/image-catalog";

export interface PictureProps {
  collection: string;
  name: string;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /** The largest image above the fold: eager, high fetch priority. */
  priority?: boolean;
  className?: string;
}

export function Picture({ collection, name, alt, sizes, priority = false, className }: PictureProps) {
  const image = imageInfo(collection, name);
  const srcSet = (format: ImageFormat) => image.widths.map((w) => `${imageUrl(image, w, format)} ${w}w`).join(", ");
  const fallback = fallbackFormat(image);
  if (priority) {
    // The largest image above the fold is requested from <head>, before the parser reaches it
    // (React puts the preload there). Browsers without AVIF skip it by its type.
    preload(imageUrl(image, derivedWidth(image, 800), "avif"), {
      as: "image",
      type: "image/avif",
      imageSrcSet: srcSet("avif"),
      imageSizes: sizes,
      fetchPriority: "high",
    });
  }
  const style: CSSProperties | undefined = image.placeholder
    ? { backgroundImage: image.placeholder, backgroundSize: "cover", backgroundPosition: "center" }
    : undefined;
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet("avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet("webp")} sizes={sizes} />
      <img
        src={imageUrl(image, derivedWidth(image, 800), fallback)}
        srcSet={srcSet(fallback)}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding="async"
        className={className}
        style={style}
      />
    </picture>
  );
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
