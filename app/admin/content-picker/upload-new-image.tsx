import type { PickerImage } from "./picker-images.ts";

/** The picker's "Upload a new image" (not yet built). */
export function UploadNewImage(_props: { images: readonly PickerImage[] }) {
  return null;
}
