import { z } from "zod";

/**
 * An image the studio can upload to, as the upload address names it
 * (`/admin/content-images/<collection>/<name>`): a work's (`artworks/<slug>`) or a page image's.
 * Only the shapes the image URLs take, so nothing else reaches a query or a path.
 */
export const imageAddress = z.object({
  collection: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/),
  name: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,127}$/),
});
export type ImageAddress = z.infer<typeof imageAddress>;

export function parseImageAddress(splat: string): ImageAddress | undefined {
  const [collection, name, ...rest] = splat.split("/");
  if (rest.length > 0) return undefined;
  const parsed = imageAddress.safeParse({ collection, name });
  return parsed.success ? parsed.data : undefined;
}

/** Where the editor's image panel posts for an image. */
export function uploadAddress(image: ImageAddress): string {
  return `/admin/content-images/${image.collection}/${image.name}`;
}

/**
 * The editor page of the document an image belongs to, where the studio returns after a change,
 * saying what happened (`image=uploaded`) and to which image (`changed=<name>`).
 */
export function editorAddress(image: ImageAddress, outcome: string): string {
  const query = `image=${outcome}&changed=${image.name}`;
  return image.collection === "artworks"
    ? `/admin/content/works/${image.name}.md?${query}`
    : `/admin/content/images/${image.collection}.yaml?${query}`;
}
