import { useEffect, useId, useRef, useState } from "react";
import styles from "./image-picker.module.css";
import { ImageUploadPart } from "./image-upload-part.tsx";
import { byCollection, collectionLabel, matchesSearch, type PickerImage } from "./picker-images.ts";

/**
 * The picker: a modal <dialog> of the site's page images, grouped by collection, each a
 * thumbnail and its alt text, with a search over the words. Choosing one hands its value back
 * and closes; Escape or Cancel closes with nothing chosen. With `onUploaded`, "Upload a new image"
 * adds one to a collection (the current image's, or the first) and hands it back. Drawn only once
 * JavaScript runs (the field offers a grouped <select> before that).
 */
export function ImagePickerDialog({
  title,
  images,
  current,
  onChoose,
  onClose,
  onUploaded,
}: {
  title: string;
  images: readonly PickerImage[];
  current?: string;
  onChoose: (value: string) => void;
  onClose: () => void;
  onUploaded?: (image: PickerImage) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [query, setQuery] = useState("");
  const headingId = useId();
  const searchId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (typeof element.showModal === "function") element.showModal();
    else element.setAttribute("open", "");
  }, []);
  const shown = images.filter((image) => matchesSearch(image, query));
  const groups = byCollection(shown);
  const collections = byCollection(images).map(({ collection }) => ({
    value: collection,
    label: collectionLabel(collection),
  }));
  const currentCollection = images.find((image) => image.value === current)?.collection ?? collections[0]?.value;
  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={headingId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className={styles.dialogHead}>
        <h2 id={headingId}>{title}</h2>
        <button type="button" className="button button-ghost" onClick={onClose}>
          Cancel
        </button>
      </div>
      {onUploaded && currentCollection ? (
        <ImageUploadPart collections={collections} defaultCollection={currentCollection} onUploaded={onUploaded} />
      ) : null}
      <label htmlFor={searchId}>Search the site's images</label>
      <input
        id={searchId}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="Words from the description"
        className={styles.search}
      />
      <p className={styles.count} aria-live="polite">
        {shown.length === 1 ? "1 image" : `${shown.length} images`}
      </p>
      <div className={styles.groups}>
        {groups.map((group) => (
          <section key={group.collection} aria-label={collectionLabel(group.collection)}>
            <h3>{collectionLabel(group.collection)}</h3>
            <ul className={styles.grid}>
              {group.images.map((image) => (
                <li key={image.value}>
                  <button
                    type="button"
                    className={styles.tile}
                    aria-pressed={image.value === current}
                    onClick={() => onChoose(image.value)}
                  >
                    <Thumbnail image={image} />
                    <span>{image.alt}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </dialog>
  );
}

/** An image's 400 px thumbnail, its box shaped before it loads; decorative beside its alt text. */
export function Thumbnail({ image }: { image: PickerImage | undefined }) {
  if (!image) return <span className={styles.missing} aria-hidden="true" />;
  return (
    <img
      src={image.thumbnail}
      alt=""
      loading="lazy"
      decoding="async"
      className={styles.thumbnail}
      style={{ aspectRatio: String(image.aspect) }}
    />
  );
}
