import { Link, useLocation } from "react-router";
import type { ShownCards } from "#app/catalogue/use-gallery-pages.ts";
import { EditionLine } from "#app/components/edition/edition-lines.tsx";
import { Picture } from "#app/components/picture.tsx";
import { PictureImagesProvider } from "#app/components/picture-images.tsx";
import styles from "./gallery.module.css";

/**
 * The gallery's cards (SPEC.md: the small image, the title and "{year}. 1 of 1 original,
 * {print size}, {availability}."), each linking to its work with the way back in history state.
 */
export function GalleryCardGrid({ shown, printSize }: { shown: ShownCards; printSize: string }) {
  const location = useLocation();
  return (
    <PictureImagesProvider images={shown.pictures}>
      <ul className={styles.grid} aria-busy={shown.loading || undefined}>
        {shown.cards.map((card, index) => (
          <li key={`${card.id}-${card.slug}`}>
            <Link
              to={`/art/${card.slug}`}
              state={{ gallerySearch: location.search, galleryFrom: shown.first }}
              className={styles.card}
            >
              <Picture
                collection="artworks"
                name={card.image}
                alt=""
                sizes="(max-width: 1024px) calc(100vw - 32px), 580px"
                priority={index === 0}
                fetchPriority={index > 0 ? "low" : undefined}
                className={styles.image}
              />
              <h2 className={styles.title}>{card.title}</h2>
              <p className={styles.line}>
                {card.year}. 1 of 1 original, {printSize}, {card.availability}.
              </p>
              <EditionLine workSlug={card.slug} line={card.edition} className={styles.edition} />
            </Link>
          </li>
        ))}
      </ul>
    </PictureImagesProvider>
  );
}
