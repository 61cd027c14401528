import { createContext, type ReactNode, useContext, useMemo } from "react";
import type { ImageInfo } from "#app/images/image-catalog.ts";
import { type PictureImages, pictureKey } from "#app/images/picture-images.ts";

const PictureImagesContext = createContext<PictureImages>({});

/** Makes these resolved images (and the ones already provided above) known to <Picture> below. */
export function PictureImagesProvider({ images, children }: { images: PictureImages; children: ReactNode }) {
  const above = useContext(PictureImagesContext);
  const merged = useMemo(() => ({ ...above, ...images }), [above, images]);
  return <PictureImagesContext value={merged}>{children}</PictureImagesContext>;
}

/** The resolved image; throws if no loader resolved it, so a missing image fails the page's tests. */
export function usePictureImage(collection: string, name: string): ImageInfo {
  const image = useContext(PictureImagesContext)[pictureKey(collection, name)];
  if (!image) {
    throw new Error(
      `Image "${collection}/${name}" was not resolved by the page's loader: add it to the loader's pictures`,
    );
  }
  return image;
}
