import type { ReactNode } from "react";
import type { Artwork } from "#app/catalogue/catalogue.ts";
import type { WorkLabel } from "#app/catalogue/work-label.ts";
import { ArtworkArticle } from "#app/components/artwork/artwork-article.tsx";
import labelStyles from "#app/components/artwork/artwork-label.module.css";
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
  /** The ledger's line ("Edition of 8 · 6 available"); null when the room hides availability. */
  edition: string | null | undefined;
}

/** The addresses of a work inside the room: every one of them checks the link again. */
export function roomWorkHrefs(token: string, slug: string) {
  const work = `/rooms/${token}/works/${slug}`;
  return { work, zoom: `${work}/zoom`, scale: `${work}#view-at-scale`, enquire: `${work}?enquire=1#enquire` };
}

/**
 * One work laid out as the artwork page lays it out (ArtworkArticle), with the room's note for
 * it and what the room says of price, then the ways to look closer: in full, zoom, at scale.
 * `headingLevel` is its title's level (h2 in the room, h1 on the work's own room page);
 * `children` is the enquiry.
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
  const { artwork, label, note, price, edition } = work;
  const hrefs = roomWorkHrefs(token, artwork.slug);
  const inRoom = imageLinksTo === "work";
  return (
    <ArtworkArticle
      artwork={artwork}
      label={label}
      image={inRoom ? { href: hrefs.work, opens: "in-full" } : { href: hrefs.zoom, opens: "zoom" }}
      headingLevel={headingLevel}
      headingId={`work-${artwork.slug}`}
      priority={priority}
      edition={edition}
      details={
        <>
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
        </>
      }
      controls={
        <>
          {inRoom ? (
            <a href={hrefs.work} className="button button-ghost" aria-label={`Open in full: ${artwork.title}`}>
              Open in full
            </a>
          ) : null}
          <a href={hrefs.zoom} className="button button-ghost" aria-label={`Zoom into ${artwork.title}`}>
            Zoom
          </a>
          <a
            href={inRoom ? hrefs.scale : "#view-at-scale"}
            className="button button-ghost"
            aria-label={`View at scale: ${artwork.title}`}
          >
            View at scale
          </a>
        </>
      }
      enquiry={children}
    />
  );
}
