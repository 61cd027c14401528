import type { Logger } from "pino";
import { ARTWORKS, IMAGE_WIDTHS, type ImageFormat } from "#app/images/image-catalog.ts";
import { warmOrder } from "#app/images/warm-images.ts";
import { siteDeepZoom, siteImages } from "./site-images.ts";

/**
 * After an upload, in the background: every derived size of the new original (AVIF first, as
 * warm-images.ts orders them) and, for a work, its zoom pyramid, in the encoder's warm lane so
 * visitors' requests go first. The page shows the new URLs at once; a size not made yet is made
 * on request, as for any image.
 */
export function warmUploadedImage(collection: string, name: string, width: number, logger: Logger): Promise<void> {
  const images = siteImages();
  const transparent = images.declared(collection, name)?.transparent ?? false;
  const formats: ImageFormat[] = ["avif", "webp", transparent ? "png" : "jpg"];
  const widths = IMAGE_WIDTHS.filter((w) => w <= width);
  const targets = warmOrder(
    (widths.length > 0 ? widths : [IMAGE_WIDTHS[0]]).flatMap((w) =>
      formats.map((format) => ({ collection, name, width: w, format, transparent })),
    ),
  );
  return (async () => {
    for (const target of targets) await images.ensureDerived(target, "warm");
    if (collection === ARTWORKS) await siteDeepZoom().ensurePyramid(name, "warm");
    logger.info({ image: `${collection}/${name}`, files: targets.length }, "uploaded image derived");
  })().catch((error) =>
    logger.warn({ err: error, image: `${collection}/${name}` }, "deriving an uploaded image stopped"),
  );
}
