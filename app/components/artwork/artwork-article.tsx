import type { CSSProperties, ReactNode } from "react";
import type { Artwork } from "#app/catalogue/catalogue.ts";
import type { WorkLabel } from "#app/catalogue/work-label.ts";
import { EditionLine } from "#app/components/edition/edition-lines.tsx";
import { Picture } from "#app/components/picture.tsx";
import { usePictureImage } from "#app/components/picture-images.tsx";
import styles from "./artwork-article.module.css";
import { ArtworkLabel } from "./artwork-label.tsx";
import { WORK_PICTURE_SIZES } from "./work-picture-sizes.ts";

/** Where a click on the work's image leads: its zoom, or (from a viewing room's list) the work in full. */
export interface ArtworkImageLink {
  href: string;
  opens: "zoom" | "in-full";
}

/**
 * One work, large, beside its label (decision 022): the image with a badge on its corner, the
 * title and year, then what the page adds. The public artwork page and a viewing room (its list
 * and a work's own room page) lay a work out alike; `details` (a room's note and price),
 * `controls` (the row of buttons) and `enquiry` (under the label) are theirs to give.
 */
export function ArtworkArticle({
  artwork,
  label,
  image,
  headingLevel = 1,
  headingId,
  priority,
  details,
  controls,
  enquiry,
  edition,
}: {
  artwork: Artwork;
  label: WorkLabel;
  image: ArtworkImageLink;
  /** The title's level: h1 on a work's own page, h2 in a room's list. */
  headingLevel?: 1 | 2;
  /** Names the article after its title (a room's list holds several). */
  headingId?: string;
  /** The work above the fold: its image is fetched first. */
  priority?: boolean;
  details?: ReactNode;
  controls: ReactNode;
  enquiry?: ReactNode;
  /**
   * The ledger's line for the work ("Edition of 8 · 6 available"); undefined draws an empty,
   * hidden line a live page can fill in, null none at all (a room that hides availability).
   */
  edition?: string | null;
}) {
  const { width, height } = usePictureImage("artworks", artwork.imageLarge);
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const zoom = image.opens === "zoom";
  return (
    <article className={styles.article} aria-labelledby={headingId}>
      <div className={styles.media}>
        <a
          href={image.href}
          className={zoom ? `${styles.frame} ${styles.zoomIn}` : styles.frame}
          aria-label={zoom ? `Zoom into ${artwork.title}` : `Open ${artwork.title} in full`}
          style={{ "--work-aspect": (width / height).toFixed(4) } as CSSProperties}
        >
          <Picture
            collection="artworks"
            name={artwork.imageLarge}
            alt={artwork.title}
            sizes={WORK_PICTURE_SIZES}
            priority={priority}
            className={styles.image}
          />
          <span className={styles.badge} aria-hidden="true">
            {zoom ? "Zoom" : "Open"}
          </span>
        </a>
      </div>
      <div className={styles.text}>
        <Heading id={headingId} className={styles.title}>
          {artwork.title}
        </Heading>
        <p className={styles.subtitle}>
          {artwork.year} · {artwork.seriesLabel}
        </p>
        {edition === null ? null : <EditionLine workSlug={artwork.slug} line={edition} className={styles.edition} />}
        {details}
        <p className={styles.controls}>{controls}</p>
        {/* The ledger's live line says whether it can be had: the description's "Availability" would contradict it. */}
        <ArtworkLabel artwork={edition ? { ...artwork, availability: "" } : artwork} label={label} />
        {enquiry ? <div className={styles.enquire}>{enquiry}</div> : null}
      </div>
    </article>
  );
}
