import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#app/db/database.server.ts";

/**
 * Vitest's global setup: one embedded database, initdb and the migrations, made once per run;
 * tests copy it (tests/support/pglite-test-template.ts) instead of paying initdb each.
 */
export default async function makePgliteTemplate(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-pglite-template-"));
  const database = await openDatabase({ dataDir });
  await database.close();
  project.provide("pgliteTemplate", path.join(dataDir, "pglite"));
  return () => fs.rmSync(dataDir, { recursive: true, force: true });
}
