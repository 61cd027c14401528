import type { Artwork } from "#app/catalogue/catalogue.ts";
import { zoomDescriptorUrl } from "#app/images/deep-zoom-source.ts";
import { imageInfo } from "#app/images/image-info.server.ts";
import { pictureKey } from "#app/images/picture-images.ts";
import type { ArtworkZoom } from "./artwork-zoom-view.tsx";

/** A zoom page's loader data for one work: what ArtworkZoomView shows, and its picture's sizes. */
export function artworkZoomData(artwork: Artwork) {
  const image = imageInfo("artworks", artwork.imageLarge);
  const zoom: ArtworkZoom = {
    title: artwork.title,
    imageName: artwork.imageLarge,
    placeholder: image.placeholder,
    descriptorUrl: zoomDescriptorUrl(artwork.imageLarge, image.version),
  };
  return { zoom, pictures: { [pictureKey("artworks", artwork.imageLarge)]: image } };
}
