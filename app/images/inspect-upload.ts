import fs from "node:fs/promises";
import type { OriginalFormat } from "#app/uploads/uploaded-originals.ts";
import { inspectInChild } from "./encoder-child.ts";
import { withEncoderSlot } from "./encoder-lanes.ts";
import { placeholderCss } from "./original-placeholder.ts";

/** The largest upload: a 100 MP camera TIFF is about this; anything bigger is refused with 413. */
export const MAX_UPLOAD_BYTES = 40 * 1024 * 1024;
/** Pixels an upload may have (10,000 x 10,000); checked from its header before anything is decoded. */
export const MAX_UPLOAD_PIXELS = 100_000_000;

const FORMAT_WORDS: Record<OriginalFormat, string> = {
  jpeg: "JPEG",
  png: "PNG",
  webp: "WebP",
  avif: "AVIF",
  tiff: "TIFF",
};

/** An upload refused, with the status and the sentence the studio is shown. */
export class UploadRefused extends Error {
  override name = "UploadRefused";
  constructor(
    readonly status: 413 | 415 | 422,
    message: string,
  ) {
    super(message);
  }
}

/** What the file's first bytes say it is (its magic number), whatever its name: or undefined. */
export function sniffFormat(head: Uint8Array): OriginalFormat | undefined {
  const bytes = Buffer.from(head);
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString("latin1");
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (ascii(0, 4) === "II*\0" || ascii(0, 4) === "MM\0*") return "tiff";
  // ISO BMFF: a box "ftyp" whose major or a compatible brand is avif (a still) or avis (a sequence).
  if (ascii(4, 8) === "ftyp") {
    const size = Math.min(bytes.readUInt32BE(0), bytes.length);
    for (let at = 8; at + 4 <= size; at += 4) if (["avif", "avis"].includes(ascii(at, at + 4))) return "avif";
  }
  return undefined;
}

function decodedAs(format: string, compression: string | undefined): OriginalFormat | undefined {
  if (format === "heif") return compression === "av1" ? "avif" : undefined;
  return (["jpeg", "png", "webp", "tiff"] as const).find((known) => known === format);
}

/** An upload as the mapping stores it (its hash is added by the store). */
export interface InspectedUpload {
  format: OriginalFormat;
  width: number;
  height: number;
  placeholder: string;
}

/**
 * Decides what an uploaded file is by its bytes, never its name or the browser's type: its magic
 * number first (not an image: 415), then a whole decode in the encoder process with a pixel limit
 * read from the header (too many pixels, truncated or not what its magic said: 422). Only then
 * is it stored.
 */
export async function inspectUpload(file: string): Promise<InspectedUpload> {
  const handle = await fs.open(file, "r");
  const head = Buffer.alloc(64);
  let size: number;
  try {
    size = (await handle.stat()).size;
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  if (size === 0) throw new UploadRefused(422, "The file is empty: choose the image file again.");
  if (size > MAX_UPLOAD_BYTES)
    throw new UploadRefused(
      413,
      `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB: save a smaller copy and upload that.`,
    );
  const sniffed = sniffFormat(head);
  if (!sniffed)
    throw new UploadRefused(
      415,
      "This file is not a JPEG, PNG, WebP, AVIF or TIFF image (judged by its contents, not its name): export the image in one of these formats.",
    );
  const words = FORMAT_WORDS[sniffed];
  let inspected: Awaited<ReturnType<typeof inspectInChild>>;
  try {
    inspected = await withEncoderSlot("request", () => inspectInChild(file, MAX_UPLOAD_PIXELS));
  } catch (error) {
    const message = String((error as Error).message);
    if (/pixel limit/i.test(message))
      throw new UploadRefused(
        422,
        `This ${words} has more than ${MAX_UPLOAD_PIXELS / 1_000_000} megapixels: scale it to at most 10,000 x 10,000 pixels and upload it again.`,
      );
    if (/encoder ended|busy/i.test(message)) throw error;
    throw new UploadRefused(
      422,
      `This ${words} could not be read whole (it may be truncated or damaged): export it again and upload the new file.`,
    );
  }
  if (decodedAs(inspected.format, inspected.compression) !== sniffed)
    throw new UploadRefused(
      422,
      `This file starts like a ${words} but is not one: export the image again and upload the new file.`,
    );
  return {
    format: sniffed,
    width: inspected.width,
    height: inspected.height,
    placeholder: placeholderCss(inspected.tiny, inspected.width, inspected.height),
  };
}
