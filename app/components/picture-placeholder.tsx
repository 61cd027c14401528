import { StandInArt } from "./stand-in-art";

/**
 * TEMPORARY stand-in with the same props as the catalogue's shared `<Picture>`; replaced by
 * `~/components/picture` once the image pipeline is merged.
 */
export function Picture({
  collection,
  name,
  alt,
  className,
}: {
  collection: string;
  name: string;
  alt: string;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  return <StandInArt seed={`${collection}-${name}`} label={alt} className={className} />;
}

/** TEMPORARY: the full-size JPEG URL and lightbox slide of a page image. */
export function pageImageSlide(collection: string, name: string, alt: string) {
  return { src: `/img/${collection}/${name}.jpg`, alt, width: 1600, height: 1120 };
}
