import path from "node:path";
import { z } from "zod";
import { type ArtworkRecord, shownWorks } from "#app/catalogue/artwork-record.ts";
import { readWorkRecords } from "#app/catalogue/work-files.server.ts";
import { ContentError, contentDir } from "#app/content-files/content-files.server.ts";
import { type ContentLocation, readFolder } from "#app/content-files/content-source.server.ts";
import { readPageImages } from "#app/images/page-image-files.server.ts";
import type { Exhibition, ExhibitionLink } from "./exhibition.ts";
import {
  type BlockSources,
  blockIds,
  type CatalogueWorkRef,
  exhibitionBlockSchema,
  pageImageRefSchema,
} from "./exhibition-blocks.ts";

/**
 * The exhibitions: one content/exhibitions/<slug>.yaml each (the slug is the file name), read
 * and checked at build. Served to the app as `virtual:content/exhibitions` (the listing) and
 * `virtual:content/exhibition-pages` (whole pages, server only); the prerender list and the
 * catalogue PDF script call these functions directly. (Imported by vite.config.ts: relative
 * imports only.)
 */

export function exhibitionFileSchema(sources: BlockSources) {
  return z
    .object({
      order: z.number().int("must be a whole number"),
      nav_label: z.string().trim().min(1),
      title: z.string().trim().min(1),
      year: z.number().int().min(1900).max(2100),
      place: z.string().trim().min(1),
      summary: z.string().trim().min(1).meta({ long: true }),
      eyebrow: z.string().trim().min(1),
      heading: z.string().trim().min(1).optional(),
      id_prefix: z
        .string()
        .regex(/^[a-z][a-z0-9-]*$/, "must be lowercase letters, digits and hyphens")
        .optional(),
      card_image: pageImageRefSchema(sources.images).optional(),
      blocks: z.array(exhibitionBlockSchema(sources)).min(1, "needs at least one block"),
    })
    .strict();
}

/** The catalogue's works as the works block resolves them (title, slug, small image). */
export function catalogueWorkRefs(dir: ContentLocation): CatalogueWorkRef[] {
  return workRefsOf(readWorkRecords(dir));
}

/** The works block's view of checked work records: the shown ones (a hidden work is on no public page). */
export function workRefsOf(records: readonly ArtworkRecord[]): CatalogueWorkRef[] {
  return shownWorks(records).map((record) => ({
    title: record.title,
    slug: record.slug,
    image: record.image_small.slice(record.image_small.lastIndexOf("/") + 1),
  }));
}

export function exhibitionsDir(dir = contentDir()): string {
  return path.join(dir, "exhibitions");
}

/**
 * Every exhibition, checked, in navigation order (`order`, then slug). Images and works are
 * looked up in the same CONTENT_DIR's registries.
 */
export function readExhibitions(
  dir: ContentLocation,
  sources: BlockSources = { catalogue: catalogueWorkRefs(dir), images: readPageImages(dir) },
): Exhibition[] {
  const entries = readFolder(dir, "exhibitions", exhibitionFileSchema(sources));
  const problems: string[] = [];
  for (const { file, data } of entries) {
    const seen = new Map<string, number>();
    data.blocks.forEach((block, index) => {
      for (const id of blockIds(block, data.id_prefix)) {
        const earlier = seen.get(id);
        if (earlier !== undefined)
          problems.push(`${file}: blocks.${index}: heading id "${id}" is already used by block ${earlier}`);
        seen.set(id, index);
      }
    });
  }
  if (problems.length > 0) throw new ContentError(problems.join("\n"));
  return entries
    .map(({ name, data }) => ({ order: data.order, exhibition: toExhibition(name, data) }))
    .sort((a, b) => a.order - b.order || a.exhibition.slug.localeCompare(b.exhibition.slug))
    .map(({ exhibition }) => exhibition);
}

function toExhibition(slug: string, data: z.output<ReturnType<typeof exhibitionFileSchema>>): Exhibition {
  return {
    slug,
    path: `/exhibitions/${slug}`,
    navLabel: data.nav_label,
    title: data.title,
    year: data.year,
    place: data.place,
    summary: data.summary,
    eyebrow: data.eyebrow,
    heading: data.heading ?? data.title,
    ...(data.id_prefix ? { idPrefix: data.id_prefix } : {}),
    ...(data.card_image ? { cardImage: data.card_image } : {}),
    blocks: data.blocks,
  };
}

/** The listing fields only: what the header, footer, home page and sitemap need. */
export function exhibitionLinks(exhibitions: readonly Exhibition[]): ExhibitionLink[] {
  return exhibitions.map(({ slug, path, navLabel, title, year, place, summary, cardImage, blocks }) => {
    const hero = blocks.find((block) => block.type === "hero");
    const featureImage = cardImage ?? hero?.image;
    return {
      slug,
      path,
      navLabel,
      title,
      year,
      place,
      summary,
      ...(featureImage ? { featureImage } : {}),
    };
  });
}
