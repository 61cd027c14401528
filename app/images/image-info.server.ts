import originals from "virtual:image-originals";
import { type PageImage, pageImages } from "#app/images/page-image-lookup.ts";
import { ownEntry } from "#app/security/own-entry.ts";
import { processUploadedOriginals } from "#app/uploads/uploaded-originals.ts";
import {
  ARTWORK_ASPECT,
  ARTWORKS,
  type DeclaredImage,
  IMAGE_WIDTHS,
  type ImageInfo,
  STAND_IN_WIDTH,
  standInSeed,
} from "./image-catalog.ts";
import { standInKindPlaceholderCss, standInUrlVersion } from "./stand-in-kinds.ts";

/**
 * What the server knows of an image: its declaration in the page-image registry (or the
 * catalogue's, for works) and its original's size and hash. Only the server reads them, so an
 * image the studio adds at run time needs no new JavaScript: loaders hand <Picture> the
 * resolved ImageInfo (picture-images.server.ts). `registry` defaults to the registry built at
 * start; a loader passes the content store's.
 */
export type PageImageRegistry = Readonly<Record<string, readonly PageImage[]>>;

/** Aspect (width / height), transparency and kind declared for an image, or undefined if unknown. */
export function declaredImage(
  collection: string,
  name: string,
  registry: PageImageRegistry = pageImages,
): DeclaredImage | undefined {
  if (collection === ARTWORKS) return { aspect: ARTWORK_ASPECT, transparent: false, kind: "artwork" };
  const entry = ownEntry(registry, collection)?.find((image) => image.name === name);
  if (!entry) return undefined;
  return {
    aspect: entry.aspect,
    transparent: entry.transparent ?? false,
    kind: entry.kind,
    ...(entry.tone ? { tone: entry.tone } : {}),
    ...(entry.label ? { label: entry.label } : {}),
    ...(entry.arrangement ? { arrangement: entry.arrangement } : {}),
  };
}

export function imageInfo(collection: string, name: string, registry: PageImageRegistry = pageImages): ImageInfo {
  const declared = declaredImage(collection, name, registry);
  if (!declared) {
    throw new Error(`Unknown image "${collection}/${name}": list it in content/images/${collection}.yaml`);
  }
  // An uploaded original (decision 041) over the build's.
  const original = processUploadedOriginals().get(collection, name) ?? ownEntry(originals, `${collection}/${name}`);
  const width = original?.width ?? STAND_IN_WIDTH;
  const height = original?.height ?? Math.round(STAND_IN_WIDTH / declared.aspect);
  const widths = IMAGE_WIDTHS.filter((w) => w <= width);
  return {
    collection,
    name,
    width,
    height,
    transparent: declared.transparent,
    widths: widths.length > 0 ? widths : [IMAGE_WIDTHS[0]],
    placeholder: declared.transparent
      ? undefined
      : (original?.placeholder ??
        standInKindPlaceholderCss(declared.kind, standInSeed(collection, name), declared.tone)),
    version: original ? original.version : standInUrlVersion(declared.kind),
  };
}
