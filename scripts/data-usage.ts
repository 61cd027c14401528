// `npm run data:usage`: DATA_DIR's size by part, one line each (decision 026).
// .env first: DATA_DIR may come from it, as for the server.
import "#server/load-env-file.ts";
import fs from "node:fs";
import { CliError, parseCommandLine, runCommand } from "./cli.ts";
import { dataUsage, humanSize } from "./data-usage-parts.ts";
import { dataDir } from "./embedded-database-cli.ts";

const usage = `Usage: npm run data:usage

Prints how much of the disk DATA_DIR (default ./data) takes, one line per part: the embedded
database, the image cache's derivatives, its zoom pyramids, mail, and the rest. It only reads,
so it may run while the server does.`;

parseCommandLine({ usage, options: {} });

await runCommand(usage, async () => {
  const dir = dataDir();
  if (!fs.existsSync(dir)) throw new CliError(`There is no data folder at ${dir} (DATA_DIR).`);
  const parts = dataUsage(dir);
  const total = parts.reduce((sum, part) => sum + part.bytes, 0);
  const files = parts.reduce((sum, part) => sum + part.files, 0);
  console.log(`${dir}: ${humanSize(total)} in ${files} files`);
  for (const part of parts) {
    const count = `${part.files} ${part.files === 1 ? "file" : "files"}`;
    console.log(`  ${part.part.padEnd(18)} ${humanSize(part.bytes).padStart(9)}  ${count}`);
  }
});
