// `npm run quotes:import -- FILE [--include-replies]`: loads posts from an X archive (the zip,
// or its data/tweets.js) into the quotes table, hidden until the admin makes them public.
import "#server/load-env-file.ts";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "#app/config/env.server.ts";
import { importPosts } from "#app/quotes/import-quotes.server.ts";
import { ArchiveFormatError, readArchive } from "#app/quotes/x-archive.server.ts";
import { CliError, parseCommandLine, runCommand, UsageError } from "./cli.ts";
import { openConfiguredDatabase } from "./cli-database.ts";

const usage = `Usage: npm run quotes:import -- FILE [--include-replies]
  FILE               an X archive zip, or its data/tweets.js
  --include-replies  keep replies too (reposts are always skipped)
Imported posts are hidden until the admin makes them public. Importing the same archive again
adds only what is new.`;

const { values, positionals } = parseCommandLine({
  usage,
  options: { "include-replies": { type: "boolean" } },
  positionals: true,
});

await runCommand(usage, async () => {
  if (positionals.length !== 1)
    throw new UsageError(positionals.length ? "Give one file only." : "Give the file to import.");
  const includeReplies = values["include-replies"] === true;
  const file = path.resolve(positionals[0] as string);
  if (!fs.existsSync(file)) throw new CliError(`No such file: ${file}`);
  console.log(`Reading ${file}...`);
  const posts = readArchive(fs.readFileSync(file), path.basename(file));
  const env = getEnv();
  const database = await openConfiguredDatabase(env);
  try {
    console.log(`Importing ${posts.length} posts...`);
    let lastShown = 0;
    const report = await importPosts(database.db, posts, {
      includeReplies,
      // At most one line a second, and the last one: large archives take a while.
      onProgress(done, total) {
        if (done < total && performance.now() - lastShown < 1_000) return;
        lastShown = performance.now();
        console.log(`  written ${done} of ${total} (${Math.round((done / total) * 100)}%)`);
      },
    });
    const { skipped } = report;
    console.log(
      [
        `Read ${report.read} posts; imported ${report.imported} (hidden until made public).`,
        `Skipped: ${skipped.reposts} reposts, ${skipped.replies} replies${includeReplies ? "" : " (--include-replies keeps them)"}, ${skipped.empty} with no text, ${skipped.alreadyImported} already imported.`,
      ].join("\n"),
    );
  } catch (error) {
    if (error instanceof ArchiveFormatError || error instanceof CliError) throw error;
    throw new CliError(`Import failed, nothing was written: ${(error as Error).message}`);
  } finally {
    await database.close();
  }
}, [ArchiveFormatError]);
