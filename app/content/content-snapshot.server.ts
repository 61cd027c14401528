import { shownWorks } from "#app/catalogue/artwork-record.ts";
import { readWorkRecords } from "#app/catalogue/work-files.server.ts";
import { ContentError } from "#app/content-files/content-files.server.ts";
import { type ContentLocation, contentSource } from "#app/content-files/content-source.server.ts";
import { readExhibitions, workRefsOf } from "#app/exhibitions/exhibition-files.server.ts";
import { readPageImages } from "#app/images/page-image-files.server.ts";
import type { ContentSnapshot } from "./content-store.server.ts";
import { readLongForm } from "./long-form-files.server.ts";
import { loadAboutPage } from "./pages/about.server.ts";
import { loadContactPage } from "./pages/contact.server.ts";
import { loadCvPage } from "./pages/cv.server.ts";
import { loadHomePage } from "./pages/home.server.ts";
import { loadPricesPage } from "./pages/prices.server.ts";
import {
  loadArtPage,
  loadExhibitionsPage,
  loadLongFormIndexPage,
  loadMerchPage,
  loadNotFoundPage,
  loadQuotesPage,
} from "./pages/short-pages.server.ts";
import { loadSiteSettings } from "./site-settings.server.ts";

/**
 * Checks every document of a source (the content folder, the database's rows, the build's
 * bundle) and returns the site's content as one snapshot. Problems in several collections are
 * reported together, one per line, with the document, the field and what was expected; nothing
 * is returned unless all of it is valid, so a half-checked snapshot never reaches a page.
 */
export function snapshotFrom(location: ContentLocation): ContentSnapshot {
  const source = contentSource(location);
  const problems: string[] = [];
  function checked<T>(read: () => T): T {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      problems.push(error.message);
      return undefined as T;
    }
  }
  const pageImages = checked(() => readPageImages(source));
  const works = checked(() => readWorkRecords(source));
  const snapshot: ContentSnapshot = {
    site: checked(() => loadSiteSettings(source)),
    pages: {
      home: checked(() => loadHomePage(source)),
      about: checked(() => loadAboutPage(source)),
      cv: checked(() => loadCvPage(source)),
      prices: checked(() => loadPricesPage(source)),
      contact: checked(() => loadContactPage(source)),
      merch: checked(() => loadMerchPage(source)),
      notFound: checked(() => loadNotFoundPage(source)),
      quotes: checked(() => loadQuotesPage(source)),
      exhibitions: checked(() => loadExhibitionsPage(source)),
      articles: checked(() => loadLongFormIndexPage("articles", source)),
      interviews: checked(() => loadLongFormIndexPage("interviews", source)),
      art: checked(() => loadArtPage(source)),
    },
    works,
    // Blocks name works and page images: checked against this same source's, once those are valid.
    exhibitions:
      works && pageImages
        ? checked(() => readExhibitions(source, { catalogue: workRefsOf(works), images: pageImages }))
        : [],
    longForm: {
      articles: checked(() => readLongForm("articles", source)),
      interviews: checked(() => readLongForm("interviews", source)),
    },
    pageImages,
  };
  if (problems.length === 0) problems.push(...crossDocumentProblems(snapshot, source.label));
  if (problems.length > 0) throw new ContentError(problems.join("\n"));
  return snapshot;
}

/**
 * What one document names in another, which no single schema can check: the gallery's share
 * work and every page image a page shows. A page that names what is not there would fail when
 * rendered, so it is refused before it is published.
 */
function crossDocumentProblems(snapshot: ContentSnapshot, label: string): string[] {
  const problems: string[] = [];
  // Named works must be shown ones: a hidden work is on no public page (decision 042).
  const shown = new Set(shownWorks(snapshot.works).map((work) => work.slug));
  const named = [
    { file: "art", field: "share_work", slug: snapshot.pages.art.share_work },
    { file: "home", field: "featured.work", slug: snapshot.pages.home.featured.work },
    { file: "home", field: "series.work", slug: snapshot.pages.home.series.work },
  ];
  for (const { file, field, slug } of named) {
    if (shown.has(slug)) continue;
    const hidden = snapshot.works.some((work) => work.slug === slug);
    problems.push(`${label}/pages/${file}.yaml: ${field}: "${slug}" is ${hidden ? "a hidden work" : "not a work"}`);
  }
  for (const [page, copy] of Object.entries(snapshot.pages)) {
    for (const { at, ref } of imageRefsIn(copy)) {
      if (!snapshot.pageImages[ref.collection]?.some((image) => image.name === ref.name))
        problems.push(
          `${label}/pages/${fileOf(page)}.yaml: ${at}: no page image "${ref.name}" in images/${ref.collection}.yaml`,
        );
    }
  }
  return problems;
}

/** A page's `collection/name` image fields, as their schemas turn them into `{ collection, name }`. */
function imageRefsIn(value: unknown, at = ""): { at: string; ref: { collection: string; name: string } }[] {
  if (value === null || typeof value !== "object") return [];
  const keys = Object.keys(value);
  const record = value as Record<string, unknown>;
  if (keys.length === 2 && typeof record.collection === "string" && typeof record.name === "string")
    return [{ at, ref: { collection: record.collection, name: record.name } }];
  return keys.flatMap((key) => imageRefsIn(record[key], at ? `${at}.${key}` : key));
}

/** The page file a `PageTexts` key is read from. */
function fileOf(page: string): string {
  return page === "notFound" ? "not-found" : page;
}
