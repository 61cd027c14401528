import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import type { PickerImage } from "./picker-images.ts";

interface UploadedImages {
  added: readonly PickerImage[];
  add: (image: PickerImage) => void;
}

const Uploaded = createContext<UploadedImages | undefined>(undefined);

/**
 * The images uploaded from a picker since the form was drawn, shared by every image field and
 * gallery of the form: one uploaded in one field's picker is listed in the others' too.
 */
export function UploadedImagesProvider({ children }: { children: ReactNode }) {
  const [added, setAdded] = useState<readonly PickerImage[]>([]);
  const add = useCallback((image: PickerImage) => setAdded((current) => [...current, image]), []);
  const value = useMemo(() => ({ added, add }), [added, add]);
  return <Uploaded.Provider value={value}>{children}</Uploaded.Provider>;
}

/** The site's images as the form was drawn with, and those uploaded since (in this field alone outside a provider). */
export function useSiteImages(images: readonly PickerImage[]): UploadedImages & { images: readonly PickerImage[] } {
  const shared = useContext(Uploaded);
  const [own, setOwn] = useState<readonly PickerImage[]>([]);
  const ownAdd = useCallback((image: PickerImage) => setOwn((current) => [...current, image]), []);
  const added = shared ? shared.added : own;
  const add = shared ? shared.add : ownAdd;
  const all = useMemo(
    () => [...images, ...added.filter((image) => !images.some((known) => known.value === image.value))],
    [images, added],
  );
  return { images: all, added, add };
}
