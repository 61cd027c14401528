import { ARTWORKS, type ImageInfo } from "./image-catalog.ts";

/**
 * The images a page shows, resolved by its loader (picture-images.server.ts) and read by
 * <Picture> (components/picture-images.tsx), keyed by `collection/name`. Plain data, so it
 * travels in the page's loader data and in /api/artworks.
 */
export type PictureImages = Readonly<Record<string, ImageInfo>>;

export interface ImageRef {
  collection: string;
  name: string;
}

export function pictureKey(collection: string, name: string): string {
  return `${collection}/${name}`;
}

/** The artwork images of these names, as references. */
export function artworkRefs(names: Iterable<string>): ImageRef[] {
  return [...names].map((name) => ({ collection: ARTWORKS, name }));
}
