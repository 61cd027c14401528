import type { PageImageRef } from "~/content/page-image-lookup";
import styles from "./image-grid.module.css";
import { ZoomableImage } from "./zoomable-image";

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
