import path from "node:path";
import type { Logger } from "pino";
import { CATALOGUE_PDF_URL } from "#app/catalogue-pdf/catalogue-pdf.server.ts";
import type { ContentStore } from "#app/content/content-store.server.ts";
import { originalSources } from "#app/images/original-sources.ts";
import { CataloguePdfRebuilds } from "./catalogue-pdf-rebuilds.ts";
import { cataloguePdfTarget } from "./catalogue-pdf-target.ts";
import { printInChild } from "./print-in-child.ts";

/** The build's copy of the PDF, served until the published content asks for another. */
export const BUILD_CATALOGUE_PDF = path.join("build", "client", CATALOGUE_PDF_URL);
/** The child the server build writes beside its entry (vite.server-entry.config.ts). */
export const CATALOGUE_PDF_CHILD = path.join("build", "server", "catalogue-pdf-child.js");

/** How long after start-up the first comparison waits. */
const START_DELAY_MS = 3000;

/**
 * The composition root's part (decision 044): rebuilds on DATA_DIR/files, printed in a child,
 * told of every published version by `want` (ContentSync's onReload), and the size the pages
 * state following the PDF served.
 */
export function cataloguePdfRebuilds(options: { dataDir: string; content: ContentStore; logger: Logger }) {
  const { content, logger } = options;
  const originals = originalSources();
  const rebuilds = new CataloguePdfRebuilds({
    dir: path.join(options.dataDir, "files"),
    buildCopy: path.resolve(BUILD_CATALOGUE_PDF),
    build: printInChild({ childScript: path.resolve(CATALOGUE_PDF_CHILD) }),
    onBuilt: ({ bytes, ms }) => logger.info({ bytes, ms }, "catalogue PDF rebuilt"),
    onFailed: (reason) => logger.error({ reason }, "catalogue PDF rebuild failed: the previous one is served"),
  });
  let pending: boolean | undefined;
  let started = false;
  const compare = () => {
    const matchesBuild = pending ?? false;
    pending = undefined;
    const target = cataloguePdfTarget(content.snapshot(), (collection, name) => originals.get(collection, name));
    if ("problem" in target) logger.warn({ problem: target.problem }, "catalogue PDF cannot print this content");
    rebuilds.want(target, matchesBuild);
  };
  return {
    rebuilds,
    /**
     * Called with each published version: rebuilds when what the PDF prints changed. The first
     * comparison waits until start-up is over (finding the build's originals hashes each of
     * them, which decision 043 took off the way to /readyz); versions published while one waits
     * are compared once, the newest.
     */
    want(matchesBuild: boolean) {
      rebuilds.servesBuildContent(matchesBuild);
      const scheduled = pending !== undefined;
      pending = matchesBuild;
      if (scheduled) return;
      setTimeout(compare, started ? 0 : START_DELAY_MS).unref();
      started = true;
    },
  };
}
