// `npm run quotes:import -- FILE [--include-replies]`: loads posts from an X archive (the zip,
// or its data/tweets.js) into the quotes table, hidden until the admin makes them public.
import fs from "node:fs";
import path from "node:path";
import { ConfigError, getEnv } from "~/config/env.server";
import { openDatabase } from "~/db/database.server";
import { importPosts } from "~/quotes/import-quotes.server";
import { ArchiveFormatError, readArchive } from "~/quotes/x-archive.server";

const args = process.argv.slice(2);
const includeReplies = args.includes("--include-replies");
const files = args.filter((arg) => !arg.startsWith("--"));

if (files.length !== 1) {
  console.error(
    "Usage: npm run quotes:import -- FILE [--include-replies]\nFILE: an X archive zip or its data/tweets.js",
  );
  process.exit(2);
}

try {
  const file = path.resolve(files[0]!);
  const posts = readArchive(fs.readFileSync(file), path.basename(file));
  const env = getEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const report = await importPosts(database.db, posts, { includeReplies });
    const { skipped } = report;
    console.log(
      [
        `Read ${report.read} posts; imported ${report.imported} (hidden until made public).`,
        `Skipped: ${skipped.retweets} retweets, ${skipped.replies} replies${includeReplies ? "" : " (--include-replies keeps them)"}, ${skipped.empty} with no text, ${skipped.alreadyImported} already imported.`,
      ].join("\n"),
    );
  } finally {
    await database.close();
  }
} catch (error) {
  const message =
    error instanceof ArchiveFormatError || error instanceof ConfigError
      ? error.message
      : `Import failed, nothing was written: ${(error as Error).message}`;
  console.error(message);
  process.exit(1);
}
