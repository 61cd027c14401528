import type { PageImageRegistry } from "#app/images/image-info.server.ts";
import { imageRefsIn, picturesFor } from "#app/images/picture-images.server.ts";
import { artworkRefs, type PictureImages } from "#app/images/picture-images.ts";
import type { Exhibition } from "./exhibition.ts";

/** Every picture an exhibition page shows: its blocks' page images and the works blocks' works. */
export function exhibitionPictures(exhibition: Exhibition, registry?: PageImageRegistry): PictureImages {
  const works = exhibition.blocks.flatMap((block) => (block.type === "works" ? block.works : []));
  return picturesFor([...imageRefsIn(exhibition), ...artworkRefs(works.map((work) => work.image))], registry);
}
