import pageImageRegistry from "virtual:content/images";
import { ownEntry } from "#app/security/own-entry.ts";
import type { PageImage } from "./page-image-files.server.ts";

export type { PageImage };

/** Every image the site shows that is not an artwork, by collection (content/images/*.yaml). */
export const pageImages: Readonly<Record<string, readonly PageImage[]>> = pageImageRegistry;

/** An image a page shows: its registry collection plus the registry entry (name, alt, aspect). */
export interface PageImageRef extends PageImage {
  collection: string;
}

/** Finds a registered page image; a typo in a content file fails the build rather than showing nothing. */
export function pageImage(collection: string, name: string): PageImageRef {
  const found = ownEntry(pageImages, collection)?.find((image) => image.name === name);
  if (!found) throw new Error(`No page image "${name}" in content/images/${collection}.yaml`);
  return { collection, ...found };
}

/** Every image of a collection whose name starts with `prefix`, in registry order. */
export function pageImagesStartingWith(collection: string, prefix: string): PageImageRef[] {
  return (ownEntry(pageImages, collection) ?? [])
    .filter((image) => image.name.startsWith(prefix))
    .map((image) => ({ collection, ...image }));
}
