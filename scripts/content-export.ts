// `npm run content:export [-- --to DIR | --archive FILE]`: writes the published content (the
// database's) as the content files it was imported from, so it can be reviewed in git or a site
// rebuilt from it; or the same tree as one site archive, as the studio's "Download the whole site".
import "#server/load-env-file.ts";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { getEnv } from "#app/config/env.server.ts";
import { loadPublished } from "#app/content/content-documents.server.ts";
import { contentLayout } from "#app/content/content-registry.server.ts";
import { exportOriginals } from "#app/content-archive/content-originals.server.ts";
import { exportExhibitionFiles } from "#app/content-archive/exhibition-files-folder.server.ts";
import { siteArchive } from "#app/content-archive/site-archive.server.ts";
import { tarGzStream } from "#app/content-archive/tar-writer.server.ts";
import { writeContentTree } from "#app/content-files/content-writer.server.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import { processOriginalStore } from "#app/uploads/original-store.server.ts";
import { parseCommandLine, runCommand, UsageError } from "./cli.ts";
import { openConfiguredDatabase } from "./cli-database.ts";

const usage = `Usage: npm run content:export [-- --to DIR | --archive FILE]
Writes the site's published content (works, exhibitions, pages, articles, interviews, page
images and site.yaml) as content files under DIR (default: CONTENT_DIR, content/). Document
files that are no longer published are removed there. Uploaded originals are written beside their
records (works/<slug>.<ext>, images/<collection>/<name>.<ext>), and exhibition files uploaded in
the editor as uploaded-files/<sha256>.<ext>; other files are left alone.
  --archive FILE  write the same tree as one site archive (.tar.gz, with a manifest.json), as the
                  studio's "Download the whole site" does; content:import --from FILE takes it
With the embedded database, stop the server first (it holds the data folder), or download the
archive from the studio's Content screen while it runs.`;

const { values } = parseCommandLine({ usage, options: { to: { type: "string" }, archive: { type: "string" } } });

await runCommand(usage, async () => {
  if (values.to && values.archive) throw new UsageError("Give --to or --archive, not both.");
  const env = getEnv();
  const database = await openConfiguredDatabase(env);
  try {
    if (values.archive) await writeArchive(path.resolve(values.archive), database.db);
    else await writeFolder(path.resolve(values.to ?? env.CONTENT_DIR), database.db);
  } finally {
    await database.close();
  }
});

async function writeArchive(file: string, db: AppDatabase) {
  const { manifest, entries } = await siteArchive(db, processOriginalStore());
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await pipeline(tarGzStream(entries), fs.createWriteStream(temporary));
    fs.renameSync(temporary, file);
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  const { documents, originals, files } = manifest.counts;
  console.log(
    `Wrote ${documents} documents (content version ${manifest.contentVersion}), ${originals} uploaded originals and ${files} exhibition files to ${file}.`,
  );
}

async function writeFolder(dir: string, db: AppDatabase) {
  const { version, documents } = await loadPublished(db);
  const { written, removed } = writeContentTree(dir, documents, contentLayout());
  console.log(`Wrote ${written} documents (content version ${version}) to ${dir}.`);
  if (removed.length > 0) console.log(`Removed ${removed.length} no longer published: ${removed.join(", ")}`);
  const originals = await exportOriginals(dir, db, processOriginalStore());
  if (originals.length > 0) console.log(`Wrote ${originals.length} uploaded originals: ${originals.join(", ")}`);
  const files = await exportExhibitionFiles(dir, db, processOriginalStore());
  if (files.length > 0) console.log(`Wrote ${files.length} uploaded exhibition files: ${files.join(", ")}`);
}
