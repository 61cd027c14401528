/**
 * The site's page images as the editor's picker shows them (issue 39): a thumbnail and the alt
 * text, never the original. `value` is what the document holds ("collection/name"); the studio
 * never has to read or type it. Shared by the server (picker-images.server.ts) and the form.
 */
export interface PickerImage {
  /** "collection/name", as a document writes it. */
  value: string;
  collection: string;
  name: string;
  alt: string;
  /** The smallest derived size (400 px wide). */
  thumbnail: string;
  /** Width / height, so the grid keeps its shape while thumbnails load. */
  aspect: number;
}

/** "solo-london" -> "Solo london": a collection's name as a heading. */
export function collectionLabel(collection: string): string {
  const words = collection.replace(/[-_]+/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The images grouped by collection, in the registry's order. */
export function byCollection(images: readonly PickerImage[]): { collection: string; images: PickerImage[] }[] {
  const groups = new Map<string, PickerImage[]>();
  for (const image of images) groups.set(image.collection, [...(groups.get(image.collection) ?? []), image]);
  return [...groups].map(([collection, members]) => ({ collection, images: members }));
}

/** A gallery's "collection/prefix*" as the images it names, in the registry's order. */
export function expandPattern(pattern: string, images: readonly PickerImage[]): string[] {
  const match = /^([a-z0-9-]+)\/([a-z0-9-]*)\*$/.exec(pattern);
  if (!match) return [];
  const [, collection, prefix = ""] = match;
  return images
    .filter((image) => image.collection === collection && image.name.startsWith(prefix))
    .map((image) => image.value);
}

/** Whether an image's words match what was typed in the picker's search (every word, any order). */
export function matchesSearch(image: PickerImage, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = `${image.alt} ${collectionLabel(image.collection)} ${image.name.replace(/-/g, " ")}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** The hidden field that keeps a gallery's "collection/prefix*" while its images are unchanged: `_pattern.blocks.3.images`. */
export const GALLERY_PATTERN = "_pattern";
