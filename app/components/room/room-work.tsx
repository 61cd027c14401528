import type { CSSProperties, ReactNode } from "react";
import type { Artwork } from "#app/catalogue/catalogue.ts";
import type { WorkLabel } from "#app/catalogue/work-label.ts";
import labelStyles from "#app/components/artwork/artwork-label.module.css";
import { ArtworkLabel } from "#app/components/artwork/artwork-label.tsx";
import { WORK_PICTURE_SIZES } from "#app/components/artwork/work-picture-sizes.ts";
import { Picture } from "#app/components/picture.tsx";
import { usePictureImage } from "#app/components/picture-images.tsx";
import styles from "./room-work.module.css";

/**
 * A work as a viewing room shows it (issue 22): the facts the room leaves out are already gone
 * (availability, edition), and `price` is null unless the room shows prices. Only the room's
 * own loaders build these, so a room's notes and prices never reach any other page.
 */
export interface RoomWorkView {
  artwork: Artwork;
  label: WorkLabel;
  note: string;
  /** "Price on request" when the room shows prices and the studio gave none; null when hidden. */
  price: string | null;
}

/** The addresses of a work inside the room: every one of them checks the link again. */
export function roomWorkHrefs(token: string, slug: string) {
  const work = `/rooms/${token}/works/${slug}`;
  return { work, zoom: `${work}/zoom`, scale: `${work}#view-at-scale`, enquire: `${work}?enquire=1#enquire` };
}

/**
 * One work, large, with its label, the room's note for it and what the room says of price,
 * then the ways to look closer: in full, zoom, at scale. `heading` is its title's level (h2 in
 * the room, h1 on the work's own room page); `children` is the enquiry.
 */
export function RoomWork({
  work,
  token,
  headingLevel,
  priority,
  imageLinksTo,
  children,
}: {
  work: RoomWorkView;
  token: string;
  headingLevel: 1 | 2;
  priority?: boolean;
  /** Where the image leads: the work in full (in the room) or its zoom (on the work's page). */
  imageLinksTo: "work" | "zoom";
  children?: ReactNode;
}) {
  const { artwork, label, note, price } = work;
  const hrefs = roomWorkHrefs(token, artwork.slug);
  const { width, height } = usePictureImage("artworks", artwork.imageLarge);
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const headingId = `work-${artwork.slug}`;
  return (
    <article className={styles.work} aria-labelledby={headingId}>
      <div className={styles.media}>
        <a
          href={imageLinksTo === "zoom" ? hrefs.zoom : hrefs.work}
          className={styles.frame}
          aria-label={imageLinksTo === "zoom" ? `Zoom into ${artwork.title}` : `Open ${artwork.title} in full`}
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
            {imageLinksTo === "zoom" ? "Zoom" : "Open"}
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
        {note ? (
          <p className={styles.note}>
            <span className="visually-hidden">A note from the studio: </span>
            {note}
          </p>
        ) : null}
        {price !== null ? (
          <dl className={`${labelStyles.label} ${styles.price}`}>
            <div className={labelStyles.fact}>
              <dt>Price</dt>
              <dd>{price}</dd>
            </div>
          </dl>
        ) : null}
        <p className={styles.controls}>
          {imageLinksTo === "work" ? (
            <a href={hrefs.work} className="button button-ghost" aria-label={`Open in full: ${artwork.title}`}>
              Open in full
            </a>
          ) : null}
          <a href={hrefs.zoom} className="button button-ghost" aria-label={`Zoom into ${artwork.title}`}>
            Zoom
          </a>
          <a
            href={imageLinksTo === "work" ? hrefs.scale : "#view-at-scale"}
            className="button button-ghost"
            aria-label={`View at scale: ${artwork.title}`}
          >
            View at scale
          </a>
        </p>
        <ArtworkLabel artwork={artwork} label={label} />
        {children ? <div className={styles.enquire}>{children}</div> : null}
      </div>
    </article>
  );
}
