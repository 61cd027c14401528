// The catalogue PDF printed in a short-lived child process (decision 044): the server spawns
// it with a job file and the output path, it prints the book and exits, so the hundreds of MB
// sharp and the book's buffers take are returned to the system with it. Bundled by the server
// build to build/server/catalogue-pdf-child.js (vite.server-entry.config.ts).
// Usage: node catalogue-pdf-child.js JOB.json OUT.pdf. One JSON line on stdout when done;
// the reason on stderr and exit 1 when not.
import fs from "node:fs";
import type { ImageRef } from "./book/catalogue-images.ts";
import { type CatalogueJob, writeCataloguePdf } from "./book/write-catalogue-pdf.ts";

/** The job as the server writes it: the book, and each image's original file on this machine. */
export interface ChildJob extends CatalogueJob {
  originals: Record<string, string>;
}

const [jobFile, out] = process.argv.slice(2);
// A parent killed with -9 cannot end its children: one whose parent is gone stops at once.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(1);
}, 500).unref();

try {
  if (!jobFile || !out) throw new Error("usage: catalogue-pdf-child JOB.json OUT.pdf");
  const job = JSON.parse(fs.readFileSync(jobFile, "utf8")) as ChildJob;
  const result = await writeCataloguePdf(out, job, (ref: ImageRef) => job.originals[`${ref.collection}/${ref.name}`]);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
} catch (error) {
  process.stderr.write(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
