// `npm run content:import [-- --from DIR|FILE.tar.gz] [--dry-run]`: publishes content files (a
// folder, or a site archive downloaded from the studio) to the site's database, showing what
// changes; invalid files are refused with the build's messages and nothing is written.
import "#server/load-env-file.ts";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { getEnv } from "#app/config/env.server.ts";
import { addEmptyFolders } from "#app/content-archive/archive-layout.server.ts";
import {
  importContentFolder,
  SiteImportRefused,
  type SiteImportSummary,
} from "#app/content-archive/site-import.server.ts";
import { extractTarGz } from "#app/content-archive/tar-reader.server.ts";
import { ArchiveRefused } from "#app/content-archive/ustar.ts";
import { displayPath } from "#app/content-files/content-files.server.ts";
import { processOriginalStore } from "#app/uploads/original-store.server.ts";
import { CliError, parseCommandLine, runCommand } from "./cli.ts";
import { openConfiguredDatabase } from "./cli-database.ts";

const usage = `Usage: npm run content:import [-- --from DIR|FILE.tar.gz] [--dry-run]
Publishes the content files under DIR (default: CONTENT_DIR, content/), or in a site archive
downloaded from the studio (or written by content:export --archive), as the site's content:
documents that differ become new revisions (the old ones are kept in the history), documents
no longer there are removed, and every process serving the site shows the change at once.
An image original (works/<slug>.<ext>, images/<collection>/<name>.<ext>) whose bytes differ
from the one the site shows is checked as an upload is, stored and shown.
Invalid files are refused, naming the file and field, and nothing is written.
  --dry-run  show what would change, write nothing
With the embedded database, stop the server first (it holds the data folder), or import the
archive from the studio's Content screen while it runs.`;

const { values } = parseCommandLine({ usage, options: { from: { type: "string" }, "dry-run": { type: "boolean" } } });

await runCommand(usage, async () => {
  const env = getEnv();
  const from = path.resolve(values.from ?? env.CONTENT_DIR);
  const dryRun = values["dry-run"] === true;
  const isArchive = (await fs.stat(from).catch(() => undefined))?.isFile() === true;
  const unpacked = isArchive ? await fs.mkdtemp(path.join(os.tmpdir(), "umbra-site-archive-")) : undefined;
  try {
    if (unpacked) {
      await extractTarGz(createReadStream(from), unpacked).catch((error) => {
        if (error instanceof ArchiveRefused) throw new CliError(`Nothing was imported: ${error.message}`);
        throw error;
      });
      await addEmptyFolders(unpacked);
    }
    const database = await openConfiguredDatabase(env);
    try {
      const summary = await importContentFolder(unpacked ?? from, {
        db: database.db,
        store: processOriginalStore(),
        buildDir: path.resolve(env.CONTENT_DIR),
        author: `import from ${displayPath(from)}`,
        dryRun,
      });
      console.log(report(summary, dryRun));
    } catch (error) {
      if (error instanceof SiteImportRefused) throw new CliError(`Nothing was imported:\n${error.message}`);
      throw error;
    } finally {
      await database.close();
    }
  } finally {
    if (unpacked) await fs.rm(unpacked, { recursive: true, force: true });
  }
});

function report({ documents: summary, files, images }: SiteImportSummary, dryRun: boolean): string {
  const lines: string[] = [];
  if (files.length > 0)
    lines.push(`${dryRun ? "Would add" : "Added"} ${files.length} exhibition files: ${files.join(", ")}`);
  const total = summary.added.length + summary.changed.length + summary.removed.length;
  if (total === 0) lines.push("No change: the published content is the same as these files.");
  else {
    lines.push(
      dryRun
        ? `Would publish ${total} change${total === 1 ? "" : "s"} (--dry-run: nothing written):`
        : `Published ${total} change${total === 1 ? "" : "s"} as content version ${summary.version}:`,
      ...summary.added.map((file) => `  added    ${file}`),
      ...summary.changed.map((file) => `  changed  ${file}`),
      ...summary.removed.map((file) => `  removed  ${file}`),
    );
  }
  if (images.length > 0)
    lines.push(`${dryRun ? "Would show" : "Showing"} ${images.length} new image originals: ${images.join(", ")}`);
  return lines.join("\n");
}
