import { useEffect } from "react";
import { Picture } from "#app/components/picture.tsx";
import { usePictureImage } from "#app/components/picture-images.tsx";
import { lightboxSlide } from "#app/images/image-urls.ts";
import type { PageImageRef } from "#app/images/page-image-lookup.ts";
import "./image-viewer.css";
import styles from "./zoomable-image.module.css";

declare global {
  interface Window {
    /** Opens the one-image viewer on a link (image-viewer.script.js), once that has run. */
    __imageViewer?: (link: HTMLAnchorElement) => void;
  }
}

const loadViewer = () => import("./image-viewer.script.js");

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
    void loadViewer();
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
      onClick={(event) => {
        // Once the viewer is there its own listener opens it; a tap before that is kept.
        const ownChoice = event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
        if (window.__imageViewer || ownChoice) return;
        event.preventDefault();
        const link = event.currentTarget;
        void loadViewer().then(() => window.__imageViewer?.(link));
      }}
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
