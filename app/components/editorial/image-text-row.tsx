import type { ReactNode } from "react";
import type { PageImageRef } from "#app/images/page-image-lookup.ts";
import styles from "./image-text-row.module.css";
import { ZoomableImage } from "./zoomable-image.tsx";

/**
 * One of SPEC.md's alternating two-column rows: image on one side, text on the other, swapping
 * sides on every other row; one column below 768px with the image first.
 */
export function ImageTextRow({
  image,
  imageSide,
  children,
}: {
  image: PageImageRef;
  imageSide: "left" | "right";
  children: ReactNode;
}) {
  return (
    <div className={`${styles.row} ${imageSide === "right" ? styles.imageRight : ""}`}>
      <div className={styles.media}>
        <ZoomableImage image={image} sizes="(max-width: 768px) 100vw, 600px" />
      </div>
      <div className={styles.text}>{children}</div>
    </div>
  );
}
