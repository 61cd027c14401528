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
 * (artworks come from the catalogue); the page's loader resolves each one it shows into its
 * `pictures` (images/picture-images.server.ts), so the browser needs no registry. An image no
 * loader resolved throws, so a forgotten one fails the page's tests.
 *
 * Plain URLs (Open Graph, JSON-LD, the sitemap, lightbox slides) come from ~/images/image-urls.
 */
import type { CSSProperties } from "react";
import { preload } from "react-dom";
import { derivedWidth, fallbackFormat, type ImageFormat, imageUrl } from "#app/images/image-catalog.ts";
import { srcSetOf } from "#app/images/image-urls.ts";
import { usePictureImage } from "./picture-images.tsx";

export interface PictureProps {
  collection: string;
  name: string;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /** The largest image above the fold: eager, high fetch priority. */
  priority?: boolean;
  /**
   * "low" keeps an image the browser would raise (one in the first screen) from competing with
   * the priority image: the gallery's other first-screen cards.
   */
  fetchPriority?: "low";
  className?: string;
}

export function Picture({ collection, name, alt, sizes, priority = false, fetchPriority, className }: PictureProps) {
  const image = usePictureImage(collection, name);
  const srcSet = (format: ImageFormat) => srcSetOf(image, format);
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
        fetchPriority={priority ? "high" : fetchPriority}
        // The priority image paints in the frame it is ready for (it is the page's LCP).
        decoding={priority ? undefined : "async"}
        className={className}
        style={style}
      />
    </picture>
  );
}
