import type { ImageInfo } from "./image-catalog.ts";
import { imageInfo, type PageImageRegistry } from "./image-info.server.ts";
import { type ImageRef, type PictureImages, pictureKey } from "./picture-images.ts";

/** Every image reference (`{ collection, name }`) inside a loader's content, however deep. */
export function imageRefsIn(value: unknown, found: ImageRef[] = []): ImageRef[] {
  if (Array.isArray(value)) {
    for (const item of value) imageRefsIn(item, found);
  } else if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (typeof record.collection === "string" && typeof record.name === "string") {
      found.push({ collection: record.collection, name: record.name });
    }
    for (const item of Object.values(record)) imageRefsIn(item, found);
  }
  return found;
}

/**
 * What <Picture> needs for each referenced image (sizes, widths, placeholder, URL version),
 * resolved here so the browser carries no registry. An unknown image throws, as it did at render.
 */
export function picturesFor(refs: Iterable<ImageRef>, registry?: PageImageRegistry): PictureImages {
  const pictures: Record<string, ImageInfo> = {};
  for (const { collection, name } of refs) {
    const key = pictureKey(collection, name);
    pictures[key] ??= imageInfo(collection, name, registry);
  }
  return pictures;
}
