import { lazy, Suspense, useEffect, useState } from "react";
import { Picture } from "#app/components/picture.tsx";
import type { PageImageRef } from "#app/content/page-image-lookup.ts";
import { lightboxSlide } from "#app/images/image-urls.ts";
import styles from "./zoomable-image.module.css";

const LightboxViewer = lazy(() => import("./lightbox-viewer.tsx"));

/**
 * An image that opens full size in the lightbox. Without JavaScript the link simply opens the
 * full-size JPEG.
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
  const [open, setOpen] = useState(false);
  // Marks the link once hydrated: before that a click opens the JPEG itself.
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const slide = lightboxSlide(image.collection, image.name, image.alt);
  return (
    <>
      <a
        href={slide.src}
        data-enhanced={enhanced || undefined}
        className={`${styles.link} ${className ?? ""}`}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
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
      {open ? (
        <Suspense fallback={null}>
          <LightboxViewer slide={slide} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
