// `npm run content:import [-- --from DIR] [--dry-run]`: publishes content files to the running
// site's database, showing what changes; invalid files are refused with the build's messages.
import "#server/load-env-file.ts";
import path from "node:path";
import { getEnv } from "#app/config/env.server.ts";
import { type ChangeSummary, commitChanges } from "#app/content/content-documents.server.ts";
import { contentFolder } from "#app/content/content-registry.server.ts";
import { snapshotFrom } from "#app/content/content-snapshot.server.ts";
import { ContentError } from "#app/content-files/content-files.server.ts";
import { UploadRefused } from "#app/images/inspect-upload.ts";
import { processOriginalStore } from "#app/uploads/original-store.server.ts";
import { CliError, parseCommandLine, runCommand } from "./cli.ts";
import { openConfiguredDatabase } from "./cli-database.ts";
import { importExhibitionFiles } from "./content-exhibition-files.ts";
import { importOriginals } from "./content-originals.ts";

const usage = `Usage: npm run content:import [-- --from DIR] [--dry-run]
Publishes the content files under DIR (default: CONTENT_DIR, content/) as the site's content:
documents that differ become new revisions (the old ones are kept in the history), documents
no longer in DIR are removed, and every process serving the site shows the change at once.
An image original (works/<slug>.<ext>, images/<collection>/<name>.<ext>) whose bytes differ
from the one the site shows is checked as an upload is, stored and shown.
Invalid files are refused, naming the file and field, and nothing is written.
  --dry-run  show what would change, write nothing
With the embedded database, stop the server first (it holds the data folder).`;

const { values } = parseCommandLine({ usage, options: { from: { type: "string" }, "dry-run": { type: "boolean" } } });

await runCommand(usage, async () => {
  const env = getEnv();
  const from = path.resolve(values.from ?? env.CONTENT_DIR);
  const source = contentFolder(from);
  // Checked as files first, so problems name the files (the database would name its rows).
  let documents: ReadonlyMap<string, unknown>;
  try {
    snapshotFrom(source);
    documents = source.all();
  } catch (error) {
    if (error instanceof ContentError) throw new CliError(`Nothing was imported:\n${error.message}`);
    throw error;
  }
  const dryRun = values["dry-run"] === true;
  const database = await openConfiguredDatabase(env);
  try {
    // Files first: an exhibition naming one is published only once the file is there.
    const files = await importExhibitionFiles(from, {
      db: database.db,
      store: processOriginalStore(),
      author: `import from ${source.label}`,
      dryRun,
    }).catch((error: Error) => {
      throw new CliError(`Nothing was imported: an exhibition file was refused: ${error.message}`);
    });
    if (files.length > 0)
      console.log(`${dryRun ? "Would add" : "Added"} ${files.length} exhibition files: ${files.join(", ")}`);
    const summary = await commitChanges(
      database.db,
      [...documents].map(([file, data]) => ({ path: file, data })),
      { author: `import from ${source.label}`, action: "import", replaceAll: true, dryRun },
    );
    console.log(changeReport(summary, dryRun));
    const images = await importOriginals(from, {
      db: database.db,
      store: processOriginalStore(),
      buildDir: path.resolve(env.CONTENT_DIR),
      author: `import from ${source.label}`,
      dryRun,
    });
    if (images.length > 0)
      console.log(`${dryRun ? "Would show" : "Showing"} ${images.length} new image originals: ${images.join(", ")}`);
  } catch (error) {
    if (error instanceof ContentError) throw new CliError(`Nothing was imported:\n${error.message}`);
    if (error instanceof UploadRefused) throw new CliError(`An image original was refused: ${error.message}`);
    throw error;
  } finally {
    await database.close();
  }
});

function changeReport(summary: ChangeSummary, dryRun: boolean): string {
  const total = summary.added.length + summary.changed.length + summary.removed.length;
  if (total === 0) return "No change: the published content is the same as these files.";
  const lines = [
    ...summary.added.map((file) => `  added    ${file}`),
    ...summary.changed.map((file) => `  changed  ${file}`),
    ...summary.removed.map((file) => `  removed  ${file}`),
  ];
  const head = dryRun
    ? `Would publish ${total} change${total === 1 ? "" : "s"} (--dry-run: nothing written):`
    : `Published ${total} change${total === 1 ? "" : "s"} as content version ${summary.version}:`;
  return [head, ...lines].join("\n");
}
