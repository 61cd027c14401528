import { z } from "zod";
import { htmlInPlainText } from "#app/format/plain-text.ts";
import type { PageImage } from "#app/images/page-image-files.server.ts";
import type { PageImageRef } from "#app/images/page-image-lookup.ts";
import { httpsLinkAddress, narrowedLinkAddress, siteLinkAddress } from "#app/security/link-address.ts";
import { ownEntry } from "#app/security/own-entry.ts";
import { isSafeHref } from "#app/security/safe-href.ts";
import { headingId, INLINE_MARKUP } from "./block-text.ts";

/**
 * The typed content blocks an exhibition page is made of (content/exhibitions/<slug>.yaml,
 * `blocks:`). Each block names its `type`; images are page images written "collection/name"
 * (a gallery may take "collection/prefix*"), and both are looked up while the file is read, so
 * a wrong name fails the build. The schema is built from what it checks against (the works and
 * the page-image registry) because it runs in the build, where `virtual:` modules do not exist.
 */

/** A catalogue work as the works block links it. */
export interface CatalogueWorkRef {
  title: string;
  slug: string;
  /** Name of the small image in the "artworks" image collection. */
  image: string;
}

const ID = /^[a-z][a-z0-9-]*$/;
const text = z
  .string({ error: (issue) => (issue.input === undefined ? "is required" : "must be text") })
  .trim()
  .min(1, "must not be empty")
  .superRefine((value, ctx) => {
    const problem = htmlInPlainText(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
const sitePath = siteLinkAddress;
/**
 * A file on this site: one under public/ (`/audio/x.m4a`) or one uploaded in the editor
 * (`/files/u/<hash>/<name>.pdf`, decision 048). Never `//host` or `/\\host` (another origin,
 * without a scheme), a backslash, or a scheme such as javascript: or data:.
 */
const siteFile = (message: string) => narrowedLinkAddress((value) => /^\/[^\s\\]*\.[a-z0-9]+$/.test(value), message);
const paragraphs = z.array(text).min(1, "needs at least one paragraph").meta({ long: true });

/** Headed blocks get an id for aria-labelledby (headingId). */
const headed = { heading: text, id: z.string().regex(ID, "must be lowercase letters, digits and hyphens").optional() };

/** What the blocks are checked against, read from the same CONTENT_DIR. */
export interface BlockSources {
  catalogue: readonly CatalogueWorkRef[];
  /** The page-image registry (content/images/*.yaml), by collection. */
  images: Readonly<Record<string, readonly PageImage[]>>;
}

function imageSchemas(registry: BlockSources["images"]) {
  const imageRef = z
    .string()
    .transform((value, ctx): PageImageRef => {
      // Far above any image's name; a forged 10 KB value is not echoed back in the message.
      if (value.length > 200) {
        ctx.addIssue({ code: "custom", message: "is not one of the site's images: choose one from the pictures" });
        return z.NEVER;
      }
      const [collection, name, extra] = value.split("/");
      const word = /^[a-z0-9][a-z0-9_-]*$/;
      if (!collection || !name || extra !== undefined || !word.test(collection) || !word.test(name)) {
        ctx.addIssue({ code: "custom", message: 'must be a page image written "collection/name"' });
        return z.NEVER;
      }
      const found = ownEntry(registry, collection)?.find((image) => image.name === name);
      if (!found) {
        ctx.addIssue({ code: "custom", message: `no page image "${name}" in collection "${collection}"` });
        return z.NEVER;
      }
      return { collection, ...found };
    })
    .meta({ image: true });

  const imagePrefix = z
    .string()
    .regex(/^[a-z0-9-]+\/[a-z0-9-]*\*$/, 'must be "collection/prefix*" or a list of "collection/name"')
    .transform((value, ctx): PageImageRef[] => {
      const [collection = "", prefix = ""] = value.slice(0, -1).split("/");
      const found = (ownEntry(registry, collection) ?? []).filter((image) => image.name.startsWith(prefix));
      if (found.length === 0) ctx.addIssue({ code: "custom", message: "matches no page image" });
      return found.map((image) => ({ collection, ...image }));
    });
  const imageList = z.array(imageRef).min(1, "needs at least one image");

  /**
   * "collection/prefix*" (every image whose name starts so, in registry order) or a list of
   * images. Chosen by the value's kind rather than z.union, so the message names the real problem.
   */
  const imageSet = z
    .unknown()
    .transform((value, ctx): PageImageRef[] => {
      const result = (typeof value === "string" ? imagePrefix : imageList).safeParse(value);
      if (result.success) return result.data;
      for (const issue of result.error.issues)
        ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
      return z.NEVER;
    })
    .meta({ gallery: true });
  return { imageRef, imageSet };
}

/** One page image written "collection/name", looked up in `registry`. */
export function pageImageRefSchema(registry: BlockSources["images"]) {
  return imageSchemas(registry).imageRef;
}

function catalogueLinksChecked(catalogue: readonly CatalogueWorkRef[]) {
  const slugs = new Set(catalogue.map((work) => work.slug));
  return text.superRefine((value, ctx) => {
    for (const match of value.matchAll(INLINE_MARKUP)) {
      if (match[3] !== undefined && !isSafeHref(match[3]))
        ctx.addIssue({
          code: "custom",
          message: `links to "${match[3]}": a link must be https://, mailto: or a site path`,
        });
      const slug = match[3]?.match(/^\/art\/(.+)$/)?.[1];
      if (slug && !slugs.has(slug))
        ctx.addIssue({ code: "custom", message: `links to /art/${slug}, not in the catalogue` });
    }
  });
}

function worksByTitle(catalogue: readonly CatalogueWorkRef[]) {
  return text.transform((title, ctx): CatalogueWorkRef => {
    const work = catalogue.find((w) => w.title.toLowerCase() === title.toLowerCase());
    if (!work) {
      ctx.addIssue({ code: "custom", message: `no work titled "${title}" in the catalogue` });
      return z.NEVER;
    }
    return { ...work, title };
  });
}

/** Every block type; `catalogue` resolves the works block's titles and checks /art/ links. */
export function exhibitionBlockSchema({ catalogue, images }: BlockSources) {
  const { imageRef, imageSet } = imageSchemas(images);
  const prose = z.array(catalogueLinksChecked(catalogue)).min(1, "needs at least one paragraph").meta({ long: true });
  const section = z.object({ ...headed, paragraphs: prose }).strict();
  const blocks = [
    z.object({ type: z.literal("hero"), image: imageRef }).strict(),
    z.object({ type: z.literal("logo"), image: imageRef }).strict(),
    // One paragraph is a <p class=lede>, several are wrapped in a <div class=lede>.
    z.object({ type: z.literal("lede"), paragraphs: prose }).strict(),
    // With a heading: a <section class=prose>; without: a <div class=prose> of paragraphs.
    z.object({ type: z.literal("text"), heading: text.optional(), id: headed.id, paragraphs: prose }).strict(),
    // Several headed sections in one prose column, then optional closing paragraphs.
    z.object({ type: z.literal("sections"), sections: z.array(section).min(1), closing: prose.optional() }).strict(),
    // Image and text side by side, the image's side alternating from the left.
    z
      .object({
        type: z.literal("image-rows"),
        rows: z
          .array(
            z
              .object({
                ...headed,
                image: imageRef,
                paragraphs: prose,
                link: z.object({ href: sitePath, label: text }).strict().optional(),
              })
              .strict(),
          )
          .min(1),
      })
      .strict(),
    z.object({ type: z.literal("gallery"), ...headed, label: text, images: imageSet }).strict(),
    z.object({ type: z.literal("quote"), text: text.meta({ long: true }), cite: text.optional() }).strict(),
    z
      .object({ type: z.literal("list"), ...headed, ordered: z.boolean().default(false), items: z.array(text).min(1) })
      .strict(),
    // Outbound links shown as buttons; each opens in a new tab.
    z
      .object({
        type: z.literal("links"),
        links: z.array(z.object({ label: text, href: httpsLinkAddress }).strict()).min(1),
      })
      .strict(),
    // The same notes in several languages, side by side.
    z
      .object({
        type: z.literal("notes"),
        ...headed,
        notes: z.array(z.object({ lang: text, label: text, lines: paragraphs }).strict()).min(1),
      })
      .strict(),
    z
      .object({
        type: z.literal("audio"),
        ...headed,
        caption: text.meta({ long: true }),
        src: siteFile("must be a site path to a file, such as /audio/x.m4a or an uploaded /files/u/... address"),
        mime: text,
        note: text.meta({ long: true }).optional(),
        transcript: paragraphs.optional(),
      })
      .strict(),
    // Files to download; the page states each file's real size.
    z
      .object({
        type: z.literal("downloads"),
        ...headed,
        text: text.meta({ long: true }).optional(),
        files: z.array(z.object({ label: text, href: siteFile("must be a site path to a file") }).strict()).min(1),
      })
      .strict(),
    // Catalogue works by title, each linking to its artwork page.
    z.object({ type: z.literal("works"), ...headed, works: z.array(worksByTitle(catalogue)).min(1) }).strict(),
  ] as const;
  const types = blocks.map((block) => block.shape.type.value).join(", ");
  return z.discriminatedUnion("type", blocks, {
    error: (issue) => (issue.code === "invalid_union" ? `unknown block type; expected one of ${types}` : undefined),
  });
}

export type ExhibitionBlock = z.output<ReturnType<typeof exhibitionBlockSchema>>;
export type ExhibitionBlockOf<T extends ExhibitionBlock["type"]> = Extract<ExhibitionBlock, { type: T }>;

/** Every heading id a block puts on the page, for the loader's duplicate check. */
export function blockIds(block: ExhibitionBlock, idPrefix: string | undefined): string[] {
  if (block.type === "sections") return block.sections.map((s) => headingId(idPrefix, s));
  if (block.type === "image-rows") return block.rows.map((r) => headingId(idPrefix, r));
  if (block.type === "text")
    return block.heading ? [headingId(idPrefix, { heading: block.heading, id: block.id })] : [];
  return "heading" in block ? [headingId(idPrefix, block)] : [];
}
