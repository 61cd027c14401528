import { DeepZoomViewer } from "#app/components/deep-zoom-viewer.tsx";
import { Picture } from "#app/components/picture.tsx";
import styles from "./artwork-zoom-view.module.css";

/** What a zoom page needs of its work (artworkZoomData builds it in the loader). */
export interface ArtworkZoom {
  title: string;
  imageName: string;
  /** The work's blur placeholder, shown while its pyramid is being made. */
  placeholder?: string;
  /** Carries the pyramid's version, so its tiles can be cached for good (decision 023). */
  descriptorUrl: string;
}

/**
 * A work's deep zoom page (decision 023), public or reached from a viewing room: the work full
 * window in the viewer, a way back to `backHref`, and without JavaScript the work at its
 * largest normal size.
 */
export function ArtworkZoomView({ zoom, backHref }: { zoom: ArtworkZoom; backHref: string }) {
  const { title, imageName, placeholder, descriptorUrl } = zoom;
  return (
    <main id="main" className={styles.page}>
      <h1 className="visually-hidden">Zoom: {title}</h1>
      <DeepZoomViewer
        descriptorUrl={descriptorUrl}
        title={title}
        placeholder={placeholder}
        backLink={
          <a href={backHref} className={`button button-ghost ${styles.back}`}>
            ← Back to the work
          </a>
        }
        fallback={
          <div className={styles.fallback}>
            <Picture
              collection="artworks"
              name={imageName}
              alt={title}
              sizes="(max-width: 1920px) 100vw, 1920px"
              className={styles.fallbackImage}
            />
            <p className={styles.fallbackNote}>
              Zooming into the work needs JavaScript. Here it is at its largest normal size.
            </p>
          </div>
        }
      />
    </main>
  );
}
