import { Picture } from "#app/components/picture.tsx";
import type { PageImageRef } from "#app/images/page-image-lookup.ts";
import styles from "./hero.module.css";

/** The wide image at the top of a page, cropped to SPEC.md's 2:1.4. */
export function Hero({ image }: { image: PageImageRef }) {
  return (
    <div className={styles.hero}>
      <Picture
        collection={image.collection}
        name={image.name}
        alt={image.alt}
        sizes="(max-width: 1200px) 100vw, 1200px"
        priority
        className={styles.image}
      />
    </div>
  );
}
