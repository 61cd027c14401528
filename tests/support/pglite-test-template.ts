import fs from "node:fs";
import path from "node:path";
import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated embedded database made once per Vitest run (tests/support/vitest-pglite-template.ts). */
    pgliteTemplate: string;
  }
}

/**
 * Starts a fresh data folder's embedded database as a copy of the run's migrated template, as
 * the built server does with the build's (decision 050): PostgreSQL's initdb costs 4-15 s a
 * database on this machine, a copy about one. The copy is what initdb and the migrations would
 * have made (openDatabase then finds nothing to migrate). Without the template (a test run
 * outside Vitest's global setup), the database is made from scratch as before.
 */
export function seedFromTestTemplate(dataDir: string): void {
  const template = inject("pgliteTemplate");
  const folder = path.join(dataDir, "pglite");
  if (!template || !fs.existsSync(path.join(template, "PG_VERSION")) || fs.existsSync(folder)) return;
  fs.cpSync(template, folder, { recursive: true });
}
