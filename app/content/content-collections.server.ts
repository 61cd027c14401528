import { readWorkRecords } from "#app/catalogue/work-files.server.ts";
import { contentDir } from "#app/content-files/content-files.server.ts";
import { DirectorySource } from "#app/content-files/content-source.server.ts";
import { exhibitionLinks, readExhibitions } from "#app/exhibitions/exhibition-files.server.ts";
import { readPageImages } from "#app/images/page-image-files.server.ts";
import { snapshotFrom } from "./content-snapshot.server.ts";
import { readLongForm } from "./long-form-files.server.ts";
import { pageCollections } from "./pages/page-collections.server.ts";
import { loadSiteSettings } from "./site-settings.server.ts";

/**
 * Every content collection the app imports as `virtual:content/<name>`: each loader reads and
 * checks its files (app/content-files/content-files.server.ts) and returns plain data. Imported by
 * vite.config.ts.
 */
export const contentCollections: Record<string, () => unknown> = {
  works: () => readWorkRecords(),
  articles: () => readLongForm("articles"),
  interviews: () => readLongForm("interviews"),
  images: () => readPageImages(),
  site: () => loadSiteSettings(),
  ...pageCollections,
  exhibitions: () => exhibitionLinks(readExhibitions()),
  // Whole pages: imported only by the content store (content-store.server.ts), so never shipped to browsers.
  "exhibition-pages": () => readExhibitions(),
  // Every document as written, by path: the content store's bundled snapshot and the database's
  // first-start import (decision 039). Checked whole here, so an invalid tree fails the build.
  documents: () => {
    const source = new DirectorySource(contentDir());
    snapshotFrom(source);
    return Object.fromEntries(source.all());
  },
};
