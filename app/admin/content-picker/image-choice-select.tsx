import type { ControlProps } from "#app/components/forms/field-ids.ts";
import { byCollection, collectionLabel, type PickerImage } from "./picker-images.ts";

/**
 * The picker before (or without) JavaScript: the site's images by collection, named by their
 * alt text. The current value is kept as an option even when it is not among them, so an
 * untouched form posts back what it was drawn from.
 */
export function ImageChoiceSelect({
  name,
  value,
  images,
  optional,
  control,
  label,
}: {
  name: string;
  value: string;
  images: readonly PickerImage[];
  optional: boolean;
  control?: ControlProps;
  label?: string;
}) {
  const known = images.some((image) => image.value === value);
  return (
    <select {...control} name={name} defaultValue={value} aria-label={label}>
      {optional || value === "" ? <option value="">{optional ? "(no image)" : "Choose an image…"}</option> : null}
      {!known && value !== "" ? <option value={value}>An image that is not among the site's images</option> : null}
      {byCollection(images).map((group) => (
        <optgroup key={group.collection} label={collectionLabel(group.collection)}>
          {group.images.map((image) => (
            <option key={image.value} value={image.value}>
              {image.alt}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}
