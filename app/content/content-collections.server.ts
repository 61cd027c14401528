import { readPageImages } from "#app/images/page-image-files.server.ts";
import { contentFolder } from "./content-registry.server.ts";
import { snapshotFrom } from "./content-snapshot.server.ts";

/**
 * Every content collection the app imports as `virtual:content/<name>` (server/content-vite-plugin.ts),
 * read from the content folder when the site is built. Imported by vite.config.ts.
 */
export const contentCollections: Record<string, () => unknown> = {
  // Every document as written, by path: the database's first-start import (decision 039), and
  // the checked snapshot made from them, which the content store starts from (decision 053).
  // Checked whole here, so an invalid tree fails the build, naming every bad file and field.
  documents: () => {
    const source = contentFolder();
    const snapshot = snapshotFrom(source);
    return { documents: Object.fromEntries(source.all()), snapshot };
  },
  // The build's page-image registry: what the image routes derive page images from.
  images: () => readPageImages(contentFolder()),
};
