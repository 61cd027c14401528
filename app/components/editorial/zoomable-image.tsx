import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Picture } from "#app/components/picture.tsx";
import { usePictureImage } from "#app/components/picture-images.tsx";
import { lightboxSlide } from "#app/images/image-urls.ts";
import type { PageImageRef } from "#app/images/page-image-lookup.ts";
import styles from "./zoomable-image.module.css";

const LightboxViewer = lazy(() => import("./lightbox-viewer.tsx"));

/**
 * An image that opens full size in the lightbox. Without JavaScript the link simply opens the
 * full-size JPEG; a tap before React starts is kept and opens the viewer when it does.
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
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    setEnhanced(true);
    // A tap before React started (deferred-hydration.script.js kept it): open the viewer now.
    if (link.current?.hasAttribute("data-open-requested")) {
      link.current.removeAttribute("data-open-requested");
      setOpen(true);
    }
  }, []);
  const slide = lightboxSlide(usePictureImage(image.collection, image.name), image.alt);
  return (
    <>
      <a
        ref={link}
        href={slide.src}
        data-viewer-link=""
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
