import path from "node:path";
import { z } from "zod";
import { ContentError, contentDir } from "#app/content-files/content-files.server.ts";
import { type ContentLocation, readFolder } from "#app/content-files/content-source.server.ts";
import {
  OBJECT_ARRANGEMENTS,
  type ObjectArrangement,
  STAND_IN_KINDS,
  STAND_IN_TONES,
  type StandInKind,
  type StandInTone,
} from "#app/images/stand-in-kinds.ts";

/**
 * The page-image registry: content/images/<collection>.yaml lists every image a page shows that
 * is not an artwork (name, alt, aspect, transparent, kind); real originals sit beside it in
 * content/images/<collection>/<name>.<ext>. The image pipeline draws a stand-in for each entry
 * without one. Served as `virtual:content/images`.
 */
export interface PageImage {
  name: string;
  alt: string;
  /** Width / height of the original. */
  aspect: number;
  /** Keeps an alpha channel (PNG, WebP or AVIF). */
  transparent?: boolean;
  /** What the image shows, so its stand-in draws the same: a view of a show, the studio, a logo... */
  kind: StandInKind;
  /** A dark scene (a black booth, night); light by default. */
  tone?: StandInTone;
  /** The name a logo spells. */
  label?: string;
  /** What an "object" image shows on the table, so a signed print is not drawn as a book. */
  arrangement?: ObjectArrangement;
}

const RATIO = /^(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)$/;
const aspect = z.union([
  z.number().positive(),
  z
    .string()
    .regex(RATIO, "must be a number or a ratio such as 4/3")
    .transform((ratio) => {
      const [, width, height] = RATIO.exec(ratio) ?? [];
      return Number(width) / Number(height);
    })
    .pipe(z.number().positive().finite()),
]);

export const pageImageSchema = z
  .object({
    name: z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, "must be lowercase letters, digits, - or _"),
    alt: z.string().trim().min(1),
    aspect,
    transparent: z.boolean().optional(),
    kind: z.enum(STAND_IN_KINDS, {
      error: (issue) =>
        issue.input === undefined
          ? `is required: what the image shows, one of ${STAND_IN_KINDS.join(", ")}`
          : `must be one of ${STAND_IN_KINDS.join(", ")} (got ${JSON.stringify(issue.input)})`,
    }),
    tone: z.enum(STAND_IN_TONES, { error: () => `must be ${STAND_IN_TONES.join(" or ")}` }).optional(),
    label: z.string().trim().min(1).max(80).optional(),
    arrangement: z
      .enum(OBJECT_ARRANGEMENTS, {
        error: (issue) => `must be one of ${OBJECT_ARRANGEMENTS.join(", ")} (got ${JSON.stringify(issue.input)})`,
      })
      .optional(),
  })
  .strict()
  .refine((image) => image.arrangement === undefined || image.kind === "object", {
    path: ["arrangement"],
    message: 'is only for images of kind "object"',
  });

export function imagesDir(dir = contentDir()): string {
  return path.join(dir, "images");
}

/** Every collection's images, in file order; a name listed twice in one collection is refused. */
export function readPageImages(dir: ContentLocation): Record<string, PageImage[]> {
  const registry: Record<string, PageImage[]> = {};
  const problems: string[] = [];
  for (const { name: collection, file, data } of readFolder(dir, "images", z.array(pageImageSchema))) {
    const seen = new Set<string>();
    for (const image of data) {
      if (seen.has(image.name)) problems.push(`${file}: "${image.name}" is listed twice`);
      seen.add(image.name);
    }
    registry[collection] = data;
  }
  if (problems.length > 0) throw new ContentError(problems.join("\n"));
  return registry;
}
