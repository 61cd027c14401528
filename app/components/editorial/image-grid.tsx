import type { PageImageRef } from "#app/images/page-image-lookup.ts";
import styles from "./image-grid.module.css";
import { ZoomableImage } from "./zoomable-image.tsx";

/** SPEC.md's two-column image grid; each image opens on its own in the lightbox. */
export function ImageGrid({ images, label }: { images: readonly PageImageRef[]; label: string }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {images.map((image) => (
        <li key={image.name} className={styles.item}>
          <ZoomableImage image={image} sizes="(max-width: 768px) 100vw, 600px" />
        </li>
      ))}
    </ul>
  );
}
