// The work's image a certificate names and shows (issue 40): its SHA-256 is of the studio's
// original file, the uploaded one when there is one, else the one beside the work's record in
// the content folder (decision 041's order, the same the image routes derive from). A work with
// no original yet shows the site's drawn stand-in; its hash is then of that drawing (the SVG at
// full size), so the certificate still names exactly what the site shows, and a reissue after
// the real original arrives names the real file.
import crypto from "node:crypto";
import { zoomStandInSvg } from "#app/images/deep-zoom-source.ts";
import { deriveImage } from "#app/images/derive-image.ts";
import { ARTWORKS } from "#app/images/image-catalog.ts";
import { originalSources } from "#app/images/original-sources.ts";
import { sha256OfFile } from "#app/uploads/hash-file.server.ts";

/** The picture a certificate's PDF prints: 1200 px wide, enough for 12 cm at 250 dpi. */
const PDF_IMAGE_WIDTH = 1200;

export interface WorkImage {
  sha256: string;
  /** True when the work has no original yet and the stand-in drawing was hashed. */
  standIn: boolean;
  /** A JPEG of the image for the PDF, made when first asked. */
  jpeg(): Promise<Buffer>;
}

export type WorkImageSource = (imageName: string) => Promise<WorkImage>;

/** The process's source: the image routes' originals (uploaded, then the content folder's). */
export function workImages(sources = originalSources()): WorkImageSource {
  return async (imageName) => {
    const original = sources.get(ARTWORKS, imageName);
    const file = original ? await original.file() : undefined;
    const sha256 = file
      ? await sha256OfFile(file)
      : crypto.createHash("sha256").update(zoomStandInSvg(imageName).svg).digest("hex");
    return {
      sha256,
      standIn: file === undefined,
      jpeg: () =>
        deriveImage({
          collection: ARTWORKS,
          name: imageName,
          width: PDF_IMAGE_WIDTH,
          format: "jpg",
          originalFile: file,
          priority: "batch",
        }),
    };
  };
}
