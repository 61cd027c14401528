// The QR code a printed certificate carries: its verify address, as a black-on-white PNG with
// whole pixels per module and the standard four-module quiet zone, so a phone reads it off paper.
import QRCode from "qrcode";

/** Pixels per module: about 330 px across a 25 mm code, over 300 dpi printed. */
export const QR_MODULE_PIXELS = 8;
export const QR_QUIET_MODULES = 4;

/** Error correction M: a smudge or a fold on the paper still reads. */
export const QR_OPTIONS = { errorCorrectionLevel: "M" } as const;

export function verifyQrPng(address: string): Promise<Buffer> {
  return QRCode.toBuffer(address, {
    ...QR_OPTIONS,
    type: "png",
    margin: QR_QUIET_MODULES,
    scale: QR_MODULE_PIXELS,
    color: { dark: "#000000", light: "#ffffff" },
  });
}

/** The code's modules (true is dark), row by row: what a reader decodes, for checking a drawn code. */
export function verifyQrModules(address: string): boolean[][] {
  const { modules } = QRCode.create(address, QR_OPTIONS);
  return Array.from({ length: modules.size }, (_, row) =>
    Array.from({ length: modules.size }, (_, column) => Boolean(modules.get(row, column))),
  );
}
