import type { ReactNode } from "react";
import type { Artwork } from "#app/catalogue/catalogue.ts";
import { CATALOGUE_PRINTED_SIZE, type WorkLabel } from "#app/catalogue/work-label.ts";
import { PostedFormScript } from "#app/components/forms/posted-form.tsx";
import type { PublicOwner } from "#app/editions/public-owner.ts";
import { ArtworkProvenance } from "./artwork-provenance.tsx";
import styles from "./artwork-view.module.css";
import { ViewAtScale } from "./view-at-scale.tsx";

/**
 * A work's own page, public (/art/:slug) or in a viewing room (/rooms/:token/works/:slug): the
 * bar with the way back, the work beside its label (`children`: an ArtworkArticle, or the
 * room's RoomWork), then the description, its provenance and the work drawn at scale.
 */
export function ArtworkView({
  artwork,
  label,
  bar,
  scale,
  owners = [],
  children,
}: {
  artwork: Artwork;
  label: WorkLabel;
  /** Above the work: the way back, and on the public page the pager. */
  bar: ReactNode;
  /** "View at scale"'s heading and caption (art.yaml). */
  scale: { heading: string; caption: string };
  /** The edition ledger's owners whose entries are public, for the provenance. */
  owners?: PublicOwner[];
  children: ReactNode;
}) {
  return (
    <main id="main" className={`page ${styles.page}`}>
      <div className={styles.bar}>{bar}</div>
      {children}
      <div className={styles.more}>
        {label.prose.length > 0 || label.provenance.length > 0 || owners.length > 0 ? (
          <div className={styles.reading}>
            {label.prose.length > 0 ? (
              <section aria-labelledby="about-heading">
                <h2 id="about-heading" className={styles.sectionHeading}>
                  About the work
                </h2>
                {label.prose.map((paragraph) => (
                  <p key={paragraph} className={styles.prose}>
                    {paragraph}
                  </p>
                ))}
              </section>
            ) : null}
            <ArtworkProvenance entries={label.provenance} owners={owners} />
          </div>
        ) : null}
        <section id="view-at-scale" className={styles.scale} aria-labelledby="scale-heading">
          <h2 id="scale-heading" className={styles.sectionHeading}>
            {scale.heading}
          </h2>
          <ViewAtScale
            image={artwork.imageLarge}
            size={label.printedSize ?? CATALOGUE_PRINTED_SIZE}
            caption={scale.caption}
          />
        </section>
      </div>
      <PostedFormScript enquiry />
    </main>
  );
}
