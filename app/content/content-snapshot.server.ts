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
  if (problems.length > 0) throw new ContentError(problems.join("\n"));
  return snapshot;
}
