/** An image's current uploaded original, as pages and the image routes need it. */
export interface UploadedOriginal {
  collection: string;
  name: string;
  sha256: string;
  /** What the bytes decoded as: jpeg, png, webp, avif or tiff. */
  format: OriginalFormat;
  width: number;
  height: number;
  /** CSS background shown until the image paints (a blurred 16 px copy). */
  placeholder: string;
  /** In the image's URLs: a short prefix of sha256. */
  version: string;
}

export const ORIGINAL_FORMATS = ["jpeg", "png", "webp", "avif", "tiff"] as const;
export type OriginalFormat = (typeof ORIGINAL_FORMATS)[number];

/** The file extension an original of each format is exported with (works/<slug>.<ext>). */
export const ORIGINAL_EXTENSION: Record<OriginalFormat, string> = {
  jpeg: "jpg",
  png: "png",
  webp: "webp",
  avif: "avif",
  tiff: "tif",
};

/** The version an uploaded original's URLs carry: 10 hex of its SHA-256, the shape nginx maps to a cached file (the build's are 10 of a SHA-1). */
export function uploadedVersion(sha256: string): string {
  return sha256.slice(0, 10);
}

/**
 * This process's view of which images have an uploaded original, replaced whole each time the
 * content version changes (ContentSync loads it with the documents), so a reader sees the set
 * before or after a change, never half of one. The build's originals lie beneath it.
 */
export class UploadedOriginals {
  #byImage = new Map<string, UploadedOriginal>();

  get(collection: string, name: string): UploadedOriginal | undefined {
    return this.#byImage.get(`${collection}/${name}`);
  }

  all(): UploadedOriginal[] {
    return [...this.#byImage.values()];
  }

  replace(originals: readonly UploadedOriginal[]): void {
    this.#byImage = new Map(originals.map((original) => [`${original.collection}/${original.name}`, original]));
  }

  /** One image's change, seen by this process before its own NOTIFY comes back. */
  set(original: UploadedOriginal): void {
    const next = new Map(this.#byImage);
    next.set(`${original.collection}/${original.name}`, original);
    this.#byImage = next;
  }
}

let processOriginals: UploadedOriginals | undefined;

/** The process's one view, read by image-info.server.ts and the image routes. */
export function processUploadedOriginals(): UploadedOriginals {
  processOriginals ??= new UploadedOriginals();
  return processOriginals;
}
