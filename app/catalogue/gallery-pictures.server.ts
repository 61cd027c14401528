import { picturesFor } from "#app/images/picture-images.server.ts";
import { artworkRefs } from "#app/images/picture-images.ts";
import type { GalleryPage, GalleryView } from "./gallery-paging.ts";

/** A gallery page with what its cards' pictures need, so the browser needs no image registry. */
export function withCardPictures(page: GalleryPage): GalleryView {
  return { ...page, pictures: picturesFor(artworkRefs(page.cards.map((card) => card.image))) };
}
