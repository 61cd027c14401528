import { z } from "zod";
import { type ArtworkRecord, shownWorks, workFileSchema } from "#app/catalogue/artwork-record.ts";
import { readWorkRecords } from "#app/catalogue/work-files.server.ts";
import { contentDir } from "#app/content-files/content-files.server.ts";
import {
  type ContentLayout,
  type ContentSource,
  DirectorySource,
  readDocument,
} from "#app/content-files/content-source.server.ts";
import { exhibitionFileSchema, readExhibitions, workRefsOf } from "#app/exhibitions/exhibition-files.server.ts";
import type { PageImage } from "#app/images/page-image-files.server.ts";
import { pageImageSchema, readPageImages } from "#app/images/page-image-files.server.ts";
import { crossDocumentProblems } from "./cross-document-problems.server.ts";
import { longFormSchemas, readLongForm } from "./long-form-files.server.ts";
import { aboutPageSchema } from "./pages/about.server.ts";
import { contactPageSchema } from "./pages/contact.server.ts";
import { cvPageSchema } from "./pages/cv.server.ts";
import { homePageSchema } from "./pages/home.server.ts";
import { pricesPageSchema } from "./pages/prices.server.ts";
import {
  artPageSchema,
  exhibitionsPageSchema,
  longFormIndexPageSchema,
  merchPageSchema,
  notFoundPageSchema,
  quotesPageSchema,
} from "./pages/short-pages.server.ts";
import { loadSiteSettings, siteFileSchema } from "./site-settings.server.ts";

/**
 * The content registry (issue 39; learnt from Astro's content.config.ts and Payload's collection
 * configs): every kind of document the site has, in one place. Per kind its storage, its
 * schema, its label for the studio, how it enters the snapshot and its public addresses. The
 * file layout, the editor's schemas and groups, the snapshot and its type, the prerender list
 * and the sitemap are all derived from it (content-registry-views.server.ts), so a new page
 * type is one entry here and one route.
 */

/** A page of the site with its own words: one YAML document, `pages/<file>.yaml`. */
export interface PageType<S extends z.ZodType = z.ZodType> {
  file: string;
  schema: S;
  /** What the studio calls it ("About"). */
  label: string;
  /** Its public address; none for words shown on other addresses (the 404's). */
  path?: string;
  /** Its HTML never depends on the request: rendered at build and kept once rendered. */
  prerendered: boolean;
}

/** A folder of documents of one kind (works, exhibitions), each one item. */
export interface CollectionType<S extends z.ZodType = z.ZodType, T = unknown> {
  folder: string;
  /** YAML files, or Markdown files whose body is the field `bodyField`. */
  format: { extension: ".yaml" } | { extension: ".md"; bodyField: string };
  /** One document's schema: what the editor draws and checks. */
  schema: S;
  /** What the studio calls the collection ("Works") and one of its items ("Work"). */
  label: string;
  itemLabel: string;
  /** Whether its items may be deleted (to the Trash); default yes. */
  deletable?: boolean;
  /** The collections `read` is given (checked first; if one of them failed, this one is not read). */
  needs?: readonly string[];
  /** Reads and checks every document of the collection into what the site shows. */
  read(source: ContentSource, needed: Record<string, unknown>): T;
  /** The public address of the item in `pages/<name>` (a hidden or missing item has none). */
  itemPath?(name: string, value: T): string | undefined;
  /** Every public address of the collection's items, as the site shows them now. */
  itemPaths?(value: T): string[];
}

/** The site's settings: `site.yaml`, one document read into the settings every page uses. */
export interface SettingsType<S extends z.ZodType = z.ZodType, T = unknown> {
  file: string;
  schema: S;
  label: string;
  read(source: ContentSource): T;
}

export interface ContentRegistry {
  settings: SettingsType;
  pages: Readonly<Record<string, PageType>>;
  collections: Readonly<Record<string, CollectionType>>;
  /** What one document names in another, which no single schema can check. */
  crossChecks?(snapshot: RegistrySnapshot, label: string): string[];
}

/** A snapshot of any registry's content: pages by key, collections by key. */
export interface RegistrySnapshot {
  site: unknown;
  pages: Record<string, unknown>;
  collections: Record<string, unknown>;
}

function page<S extends z.ZodType>(
  file: string,
  schema: S,
  label: string,
  options: { path?: string; prerendered?: boolean } = {},
): PageType<S> {
  return { file, schema, label, prerendered: options.prerendered ?? false, ...options };
}

const longForm = (kind: "articles" | "interviews", label: string, itemLabel: string) =>
  ({
    folder: kind,
    format: { extension: ".md", bodyField: "body" },
    schema: longFormSchemas[kind],
    label,
    itemLabel,
    read: (source: ContentSource) => readLongForm(kind, source),
    itemPath: (name: string) => `/${kind}/${name}`,
    itemPaths: (pieces: ReturnType<typeof readLongForm>) => pieces.map((piece) => `/${kind}/${piece.slug}`),
  }) satisfies CollectionType;

const pages = {
  home: page("home", homePageSchema, "Home page", { path: "/" }),
  about: page("about", aboutPageSchema, "About", { path: "/about", prerendered: true }),
  art: page("art", artPageSchema, "Art: the gallery's words", { path: "/art", prerendered: true }),
  exhibitions: page("exhibitions", exhibitionsPageSchema, "Exhibitions: the list's words", {
    path: "/exhibitions",
    prerendered: true,
  }),
  cv: page("cv", cvPageSchema, "CV", { path: "/cv", prerendered: true }),
  prices: page("prices", pricesPageSchema, "Prices", { path: "/prices", prerendered: true }),
  merch: page("merch", merchPageSchema, "Merch", { path: "/merch", prerendered: true }),
  contact: page("contact", contactPageSchema, "Contact", { path: "/contact", prerendered: true }),
  quotes: page("quotes", quotesPageSchema, "Quotes", { path: "/quotes" }),
  articles: page("articles", longFormIndexPageSchema, "Articles: the list's words", {
    path: "/articles",
    prerendered: true,
  }),
  interviews: page("interviews", longFormIndexPageSchema, "Interviews: the list's words", {
    path: "/interviews",
    prerendered: true,
  }),
  notFound: page("not-found", notFoundPageSchema, "Page not found"),
};

const collections = {
  works: {
    folder: "works",
    format: { extension: ".md", bodyField: "description" },
    schema: workFileSchema,
    label: "Works",
    itemLabel: "Work",
    read: (source: ContentSource) => readWorkRecords(source),
    itemPath: (name: string, works: readonly ArtworkRecord[]) =>
      shownWorks(works).some((work) => work.slug === name) ? `/art/${name}` : undefined,
    itemPaths: (works: readonly ArtworkRecord[]) => shownWorks(works).map((work) => `/art/${work.slug}`),
  },
  exhibitions: {
    folder: "exhibitions",
    format: { extension: ".yaml" },
    // Only the shape: its lookups of works and images run when the snapshot is read.
    schema: exhibitionFileSchema({ catalogue: [], images: {} }),
    label: "Exhibitions",
    itemLabel: "Exhibition",
    needs: ["works", "images"],
    read: (source: ContentSource, needed: Record<string, unknown>) =>
      readExhibitions(source, {
        catalogue: workRefsOf(needed.works as readonly ArtworkRecord[]),
        images: needed.images as Record<string, PageImage[]>,
      }),
    itemPath: (name: string) => `/exhibitions/${name}`,
    itemPaths: (exhibitions: ReturnType<typeof readExhibitions>) => exhibitions.map((exhibition) => exhibition.path),
  },
  articles: longForm("articles", "Articles", "Article"),
  interviews: longForm("interviews", "Interviews", "Interview"),
  images: {
    folder: "images",
    format: { extension: ".yaml" },
    schema: z.array(pageImageSchema),
    label: "Page images",
    itemLabel: "Image group",
    // Pages name their images: a group goes only with the pages' consent, by editing them.
    deletable: false,
    read: (source: ContentSource) => readPageImages(source),
  },
} satisfies Record<string, CollectionType>;

/** This site's registry. */
export const siteRegistry = {
  settings: {
    file: "site.yaml",
    schema: siteFileSchema,
    label: "Site settings",
    read: (source: ContentSource) => loadSiteSettings(source),
  },
  pages,
  collections,
  crossChecks: (snapshot: RegistrySnapshot, label: string) =>
    crossDocumentProblems(snapshot as ContentSnapshot, label, pages),
} satisfies ContentRegistry;

type SiteRegistry = typeof siteRegistry;

/** The words of each page, by the key a route asks for: types from the schemas. */
export type PageTexts = { [K in keyof SiteRegistry["pages"]]: z.output<SiteRegistry["pages"][K]["schema"]> };
export type PageKey = keyof PageTexts;

/** Each collection as the site shows it, by key. */
export type CollectionValues = {
  [K in keyof SiteRegistry["collections"]]: ReturnType<SiteRegistry["collections"][K]["read"]>;
};

/**
 * Everything the public site shows, as checked content. One value, so a change of source
 * replaces all of it at once: a page never mixes two versions.
 */
export interface ContentSnapshot {
  site: ReturnType<SiteRegistry["settings"]["read"]>;
  pages: PageTexts;
  collections: CollectionValues;
}

/** Where each kind of document is stored, for the file readers and writers. */
export function contentLayout(registry: ContentRegistry = siteRegistry): ContentLayout {
  const layout: Record<string, ContentLayout[string]> = {
    [registry.settings.file]: { kind: "file" },
    pages: { kind: "folder", extension: ".yaml" },
  };
  for (const collection of Object.values(registry.collections))
    layout[collection.folder] = { kind: "folder", ...collection.format };
  return layout;
}

/** The content folder at `dir` (CONTENT_DIR by default) as a source of this registry's documents. */
export function contentFolder(dir: string = contentDir(), registry: ContentRegistry = siteRegistry): DirectorySource {
  return new DirectorySource(dir, contentLayout(registry));
}

/** One page's words, read and checked from a source. */
export function readPage<K extends PageKey>(source: ContentSource, key: K): PageTexts[K] {
  const type = siteRegistry.pages[key];
  return readDocument(source, `pages/${type.file}.yaml`, type.schema) as PageTexts[K];
}
