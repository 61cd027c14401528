import { hslToHex, seededRandom, standInPlaceholderCss } from "./stand-in-palette.ts";

/**
 * What a stand-in image shows, so a page image without its real original still reads as what
 * it stands for: a work, a view of a show, the studio, a person, a logo, things on a table, or
 * the land. Each page image in content/images/<collection>.yaml names its kind; every work in
 * the catalogue is an "artwork".
 */
export const STAND_IN_KINDS = ["artwork", "installation", "studio", "portrait", "logo", "object", "landscape"] as const;
export type StandInKind = (typeof STAND_IN_KINDS)[number];

/** Lighting of a room or scene: a lit gallery or day, or a dark booth or night. */
export const STAND_IN_TONES = ["light", "dark"] as const;
export type StandInTone = (typeof STAND_IN_TONES)[number];

/** How an "object" stand-in lays things out: an open book, a print beside its certificate, stacked notebooks. */
export const OBJECT_ARRANGEMENTS = ["book", "print", "notebooks"] as const;
export type ObjectArrangement = (typeof OBJECT_ARRANGEMENTS)[number];

/**
 * Bump a kind's number whenever its drawing changes: it is part of the stand-in's URL and its
 * disk-cache key, so browsers and the server's cache never keep an old drawing.
 */
const DRAWING_VERSIONS: Record<StandInKind, number> = {
  artwork: 1,
  installation: 1,
  studio: 1,
  portrait: 1,
  logo: 1,
  object: 2,
  landscape: 1,
};

/** The artworks' drawing predates kinds; its first key is kept, so its URLs stay as they were. */
const FIRST_ARTWORK_KEY = "standin1";

/** The disk-cache key of a stand-in drawing, e.g. "installation1". */
export function standInCacheKey(kind: StandInKind): string {
  const key = `${kind}${DRAWING_VERSIONS[kind]}`;
  return key === "artwork1" ? FIRST_ARTWORK_KEY : key;
}

/** The `?v=` a stand-in's URLs carry, or undefined for the unchanged first artwork drawing. */
export function standInUrlVersion(kind: StandInKind): string | undefined {
  const key = standInCacheKey(kind);
  return key === FIRST_ARTWORK_KEY ? undefined : key;
}

/** The two colours a scene is painted on: the upper part (wall, sky, ground) and the lower (floor, table, land). */
export interface SceneGround {
  upper: string;
  lower: string;
  /** Fraction of the height where the lower part begins. */
  split: number;
}

/**
 * The ground a scene kind is drawn on, from the seed. The server's generators paint on it and
 * the <Picture> placeholder shows it, so the placeholder matches the picture that replaces it.
 */
export function sceneGround(kind: Exclude<StandInKind, "artwork">, seed: string, tone: StandInTone): SceneGround {
  const random = seededRandom(`${seed}#ground`);
  const warmth = 20 + random() * 25;
  const dark = tone === "dark";
  switch (kind) {
    case "installation":
      return dark
        ? { upper: hslToHex(warmth, 8, 9 + random() * 4), lower: hslToHex(warmth, 6, 5), split: 0.66 }
        : {
            upper: hslToHex(warmth, 10, 84 + random() * 6),
            lower: hslToHex(warmth, 8 + random() * 14, 40 + random() * 12),
            split: 0.66,
          };
    case "studio":
      return dark
        ? { upper: hslToHex(warmth + 190, 18, 12), lower: hslToHex(warmth, 20, 9), split: 0.6 }
        : {
            upper: hslToHex(warmth, 18, 68 + random() * 8),
            lower: hslToHex(warmth, 30, 30 + random() * 8),
            split: 0.6,
          };
    case "portrait":
      return {
        upper: hslToHex(warmth + random() * 180, 22, 62 + random() * 10),
        lower: hslToHex(warmth, 12, 34),
        split: 0.5,
      };
    case "object":
      return {
        upper: hslToHex(warmth, 28 + random() * 14, 26 + random() * 10),
        lower: hslToHex(warmth, 28, 20),
        split: 0.5,
      };
    case "landscape":
      return dark
        ? { upper: hslToHex(warmth + 200, 30, 22), lower: hslToHex(150, 30, 8), split: 0.55 }
        : {
            upper: hslToHex(warmth + 5, 55, 70 + random() * 8),
            lower: hslToHex(140 + random() * 20, 28, 16),
            split: 0.55,
          };
    case "logo":
      return { upper: "#0e0d0c", lower: "#0e0d0c", split: 0.5 };
  }
}

/** CSS background that approximates a stand-in of this kind, shown while it loads. */
export function standInKindPlaceholderCss(kind: StandInKind, seed: string, tone: StandInTone = "light"): string {
  if (kind === "artwork") return standInPlaceholderCss(seed);
  const { upper, lower, split } = sceneGround(kind, seed, tone);
  const at = Math.round(split * 100);
  return `linear-gradient(180deg, ${upper} 0%, ${upper} ${at - 4}%, ${lower} ${at + 4}%, ${lower} 100%)`;
}
