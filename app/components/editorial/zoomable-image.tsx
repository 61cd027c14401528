import { useEffect } from "react";
import { Picture } from "#app/components/picture.tsx";
import { usePictureImage } from "#app/components/picture-images.tsx";
import { lightboxSlide } from "#app/images/image-urls.ts";
import type { PageImageRef } from "#app/images/page-image-lookup.ts";
import "./image-viewer.css";
import styles from "./zoomable-image.module.css";

/**
 * An image that opens full size in the one-image viewer (image-viewer.script.js, written into
 * the page by ImageViewerScript). Without JavaScript the link simply opens the full-size JPEG.
 */
export function ZoomableImage({
  image,
  sizes,
  className,
  priority,
}: {
  image: PageImageRef;
  sizes: string;
  className?: string;
  priority?: boolean;
}) {
  // After a client-side navigation the page's inline copy never ran (React does not run scripts
  // it inserts): the same file, as a module, installs the viewer once.
  useEffect(() => {
    void import("./image-viewer.script.js");
  }, []);
  const slide = lightboxSlide(usePictureImage(image.collection, image.name), image.alt);
  return (
    <a
      href={slide.src}
      data-viewer-link=""
      data-viewer-srcset={slide.srcSet.map((each) => `${each.src} ${each.width}w`).join(", ")}
      data-viewer-width={slide.width}
      data-viewer-height={slide.height}
      className={`${styles.link} ${className ?? ""}`}
    >
      <Picture
        collection={image.collection}
        name={image.name}
        alt={image.alt}
        sizes={sizes}
        priority={priority}
        className={styles.image}
      />
      <span className="visually-hidden"> (open full size)</span>
    </a>
  );
}
