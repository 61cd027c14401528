import zlib from "node:zlib";
import jsQR from "jsqr";
import { PDFDocument, PDFName, type PDFNumber, PDFRawStream } from "pdf-lib";

/** An image embedded in a PDF, decoded to RGB pixels. */
export interface PdfImage {
  width: number;
  height: number;
  pixels: Buffer;
}

/** The embedded images whose pixels are RGB, decoded: pdf-lib stores a PNG as Flate-compressed RGB. */
export function rgbImages(pdf: PDFDocument): PdfImage[] {
  return pdf.context.enumerateIndirectObjects().flatMap(([, object]) => {
    if (!(object instanceof PDFRawStream) || object.dict.get(PDFName.of("Subtype")) !== PDFName.of("Image")) return [];
    if (object.dict.get(PDFName.of("Filter")) !== PDFName.of("FlateDecode")) return [];
    const width = (object.dict.get(PDFName.of("Width")) as PDFNumber).asNumber();
    const height = (object.dict.get(PDFName.of("Height")) as PDFNumber).asNumber();
    return [{ width, height, pixels: zlib.inflateSync(object.contents) }];
  });
}

/**
 * What the QR codes printed in a PDF say, read by a real decoder (jsQR, as a phone's camera app
 * reads one) from the images' pixels; images that are not a QR code are passed over.
 */
export async function qrCodesIn(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  return rgbImages(pdf).flatMap((image) => {
    if (image.pixels.length !== image.width * image.height * 3) return [];
    const rgba = new Uint8ClampedArray(image.width * image.height * 4);
    for (let pixel = 0; pixel < image.width * image.height; pixel++) {
      rgba.set(image.pixels.subarray(pixel * 3, pixel * 3 + 3), pixel * 4);
      rgba[pixel * 4 + 3] = 255;
    }
    const code = jsQR(rgba, image.width, image.height);
    return code ? [code.data] : [];
  });
}
