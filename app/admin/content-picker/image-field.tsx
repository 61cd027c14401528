import { type ReactNode, useState } from "react";
import type { FieldIds } from "#app/components/forms/field-ids.ts";
import { ImageChoiceSelect } from "./image-choice-select.tsx";
import styles from "./image-picker.module.css";
import { ImagePickerDialog, Thumbnail } from "./image-picker-dialog.tsx";
import type { PickerImage } from "./picker-images.ts";
import { useSiteImages } from "./uploaded-images.tsx";
import { useHydrated } from "./use-hydrated.ts";

/**
 * A page-image field (issue 39): the chosen image's thumbnail and alt text, and "Choose another
 * image", which opens the picker. The value ("collection/name") travels in a hidden input and
 * is never shown. Without JavaScript, a <select> of the images by collection does the same, and
 * a link to the collection's editor stands in for the picker's "Upload a new image".
 */
export function ImageField({
  name,
  label,
  fieldLabel,
  value,
  optional,
  ids,
  images: drawnWith,
  error,
  keep,
}: {
  name: string;
  label: ReactNode;
  fieldLabel: string;
  value: string;
  optional: boolean;
  ids: FieldIds;
  images: readonly PickerImage[];
  error: ReactNode;
  keep: ReactNode;
}) {
  const hydrated = useHydrated();
  const { images, add } = useSiteImages(drawnWith);
  const [chosen, setChosen] = useState(value);
  const [picking, setPicking] = useState(false);
  const image = images.find((entry) => entry.value === chosen);
  const named = image ? image.alt : chosen ? "An image that is not among the site's images" : "No image chosen";
  return (
    <>
      {label}
      {error}
      <div className={styles.chosen} id={hydrated ? ids.id : undefined} data-image-field={name}>
        <Thumbnail image={image} />
        <span className={styles.chosenAlt}>{named}</span>
        {hydrated ? (
          <span className={styles.chosenActions}>
            <input type="hidden" name={name} value={chosen} />
            <button
              type="button"
              className="button button-ghost"
              aria-label={`${chosen ? "Choose another image" : "Choose an image"} for ${fieldLabel}`}
              aria-describedby={ids.control["aria-describedby"]}
              onClick={() => setPicking(true)}
            >
              {chosen ? "Choose another image" : "Choose an image"}
            </button>
            {optional && chosen ? (
              <button type="button" className="button button-ghost" onClick={() => setChosen("")}>
                Remove image
              </button>
            ) : null}
          </span>
        ) : (
          <>
            <ImageChoiceSelect name={name} value={value} images={images} optional={optional} control={ids.control} />
            <CollectionEditorLink images={images} value={value} />
          </>
        )}
      </div>
      {keep}
      {picking ? (
        <ImagePickerDialog
          title={`Choose the ${fieldLabel.toLowerCase()}`}
          images={images}
          current={chosen}
          onChoose={(picked) => {
            setChosen(picked);
            setPicking(false);
          }}
          onClose={() => setPicking(false)}
          onUploaded={(uploaded) => {
            add(uploaded);
            setChosen(uploaded.value);
            setPicking(false);
          }}
        />
      ) : null}
    </>
  );
}

/** Without JavaScript: where a new image is added by hand (the collection of the current image, or the first). */
function CollectionEditorLink({ images, value }: { images: readonly PickerImage[]; value: string }) {
  const collection = images.find((image) => image.value === value)?.collection ?? images[0]?.collection;
  if (!collection) return null;
  return (
    <a className={styles.uploadLink} href={`/admin/content/images/${collection}.yaml`}>
      Upload a new image in Page images
    </a>
  );
}
