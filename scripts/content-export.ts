// `npm run content:export [-- --to DIR]`: writes the published content (the database's) as the
// content files it was imported from, so it can be reviewed in git or a site rebuilt from it.
import "#server/load-env-file.ts";
import path from "node:path";
import { getEnv } from "#app/config/env.server.ts";
import { loadPublished } from "#app/content/content-documents.server.ts";
import { contentLayout } from "#app/content/content-registry.server.ts";
import { writeContentTree } from "#app/content-files/content-writer.server.ts";
import { processOriginalStore } from "#app/uploads/original-store.server.ts";
import { parseCommandLine, runCommand } from "./cli.ts";
import { openConfiguredDatabase } from "./cli-database.ts";
import { exportExhibitionFiles } from "./content-exhibition-files.ts";
import { exportOriginals } from "./content-originals.ts";

const usage = `Usage: npm run content:export [-- --to DIR]
Writes the site's published content (works, exhibitions, pages, articles, interviews, page
images and site.yaml) as content files under DIR (default: CONTENT_DIR, content/). Document
files that are no longer published are removed there. Uploaded originals are written beside their
records (works/<slug>.<ext>, images/<collection>/<name>.<ext>), and exhibition files uploaded in
the editor as uploaded-files/<sha256>.<ext>; other files are left alone.
With the embedded database, stop the server first (it holds the data folder).`;

const { values } = parseCommandLine({ usage, options: { to: { type: "string" } } });

await runCommand(usage, async () => {
  const env = getEnv();
  const dir = path.resolve(values.to ?? env.CONTENT_DIR);
  const database = await openConfiguredDatabase(env);
  try {
    const { version, documents } = await loadPublished(database.db);
    const { written, removed } = writeContentTree(dir, documents, contentLayout());
    console.log(`Wrote ${written} documents (content version ${version}) to ${dir}.`);
    if (removed.length > 0) console.log(`Removed ${removed.length} no longer published: ${removed.join(", ")}`);
    const originals = await exportOriginals(dir, database.db, processOriginalStore());
    if (originals.length > 0) console.log(`Wrote ${originals.length} uploaded originals: ${originals.join(", ")}`);
    const files = await exportExhibitionFiles(dir, database.db, processOriginalStore());
    if (files.length > 0) console.log(`Wrote ${files.length} uploaded exhibition files: ${files.join(", ")}`);
  } finally {
    await database.close();
  }
});
