import type { ContentStore } from "#app/content/content-store.server.ts";
import { fallbackFormat, imageUrl } from "#app/images/image-catalog.ts";
import { imageInfo, type PageImageRegistry } from "#app/images/image-info.server.ts";
import type { PageImage } from "#app/images/page-image-files.server.ts";
import type { PickerImage } from "./picker-images.ts";

const THUMBNAIL_WIDTH = 400;

const cached = new WeakMap<ContentStore, { version: number; images: PickerImage[] }>();

/**
 * Every page image of the site as the picker lists it, made once per content version (a publish
 * of an image list or an uploaded original bumps it): a few KB for the whole site.
 */
export function pickerImages(store: ContentStore): PickerImage[] {
  const hit = cached.get(store);
  if (hit && hit.version === store.version) return hit.images;
  const registry = store.pageImages();
  const images = Object.entries(registry).flatMap(([collection, members]) =>
    members.map((image) => pickerImage(collection, image, registry)),
  );
  cached.set(store, { version: store.version, images });
  return images;
}

/** One page image as the picker lists it: `registry` must declare it. */
export function pickerImage(collection: string, image: PageImage, registry: PageImageRegistry): PickerImage {
  const info = imageInfo(collection, image.name, registry);
  return {
    value: `${collection}/${image.name}`,
    collection,
    name: image.name,
    alt: image.alt,
    thumbnail: imageUrl(info, info.widths[0] ?? THUMBNAIL_WIDTH, fallbackFormat(info)),
    aspect: image.aspect,
  };
}
