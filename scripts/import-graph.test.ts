import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FOLDER_RULES, folderCycles, folderRuleBreaks, importGraph } from "./import-graph.ts";

const root = path.resolve(import.meta.dirname, "..");

/** Cycles older than the rule, outside the content layer; a new one anywhere fails below. */
const KNOWN_CYCLES = ["app/db <-> app/observability"];

/** The content layer (decision 038): the store on top, the domains below it, the file readers and formats below them. */
const CONTENT_LAYER = [
  "app/content",
  "app/catalogue",
  "app/exhibitions",
  "app/images",
  "app/content-files",
  "app/format",
];

describe("folder import cycles", () => {
  const cycles = folderCycles(root, importGraph(root, ["app", "server"]));

  it("has none in the content layer: the store imports the domains, never the other way round", () => {
    const inContent = cycles.filter((cycle) => cycle.folders.some((folder) => CONTENT_LAYER.includes(folder)));
    expect(inContent).toEqual([]);
  });

  it("has no new one anywhere", () => {
    expect(cycles.map((cycle) => cycle.folders.join(" <-> "))).toEqual(KNOWN_CYCLES);
  });
});

describe("folder direction (FOLDER_RULES)", () => {
  it("holds across app, server, scripts, tests and bench, tests beside the code and type-only imports included", () => {
    const graph = importGraph(root, Object.keys(FOLDER_RULES), { tests: true, types: true });
    expect(folderRuleBreaks(root, graph).map((edge) => `${edge.from} -> ${edge.to}: ${edge.example}`)).toEqual([]);
  });
});

describe("the import graph reader", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  function project(files: Record<string, string>): string {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "import-graph-"));
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    return dir;
  }

  it("finds two folders that import each other, through #app and relative paths, naming an import of each", () => {
    const at = project({
      "app/content/store.ts": 'import { work } from "#app/catalogue/work.ts";\nexport const store = work;\n',
      "app/catalogue/work.ts": 'import { text } from "../content/text.ts";\nexport const work = text;\n',
      "app/content/text.ts": "export const text = 1;\n",
    });
    const cycles = folderCycles(at, importGraph(at, ["app"]));
    expect(cycles.map((cycle) => cycle.folders)).toEqual([["app/catalogue", "app/content"]]);
    expect(cycles[0]?.edges.map((edge) => edge.example).sort()).toEqual([
      "app/catalogue/work.ts -> app/content/text.ts",
      "app/content/store.ts -> app/catalogue/work.ts",
    ]);
  });

  it("finds a loop round three folders, and counts no type-only import", () => {
    const at = project({
      "app/a/one.ts": 'import { two } from "#app/b/two.ts";\nexport const one = two;\n',
      "app/b/two.ts": 'import { three } from "#app/c/three.ts";\nexport const two = three;\n',
      "app/c/three.ts": 'import "#app/a/one.ts";\nexport const three = 3;\n',
      "app/d/four.ts": 'import type { One } from "#app/e/five.ts";\nexport type Four = One;\n',
      "app/e/five.ts": 'import { type Four } from "#app/d/four.ts";\nexport type One = Four;\n',
    });
    const cycles = folderCycles(at, importGraph(at, ["app"]));
    expect(cycles.map((cycle) => cycle.folders)).toEqual([["app/a", "app/b", "app/c"]]);
  });

  it("fails an app module that imports server/, at run time, by type only or loaded later", () => {
    const at = project({
      "server/images/site-images.ts": "export const siteImages = 1;\nexport type SiteImages = number;\n",
      "app/routes/zoom.tsx":
        'import { siteImages } from "#server/images/site-images.ts";\nexport const zoom = siteImages;\n',
      "app/admin/panel.ts":
        'import type { SiteImages } from "../../server/images/site-images.ts";\nexport type Panel = SiteImages;\n',
      "app/admin/later.ts": 'export const later = () => import("#server/images/site-images.ts");\n',
      "server/app.ts": 'import { zoom } from "#app/routes/zoom.tsx";\nexport const app = zoom;\n',
    });
    const breaks = folderRuleBreaks(at, importGraph(at, ["app", "server"], { tests: true, types: true }));
    expect(breaks).toEqual([
      { from: "app", to: "server", example: "app/admin/later.ts -> server/images/site-images.ts" },
      { from: "app", to: "server", example: "app/admin/panel.ts -> server/images/site-images.ts" },
      { from: "app", to: "server", example: "app/routes/zoom.tsx -> server/images/site-images.ts" },
    ]);
  });

  it("fails production code that imports tests/ or scripts/, and lets a test beside the code use tests/support", () => {
    const at = project({
      "tests/support/test-database.ts": "export const testDatabase = 1;\n",
      "scripts/catalogue/book.ts": "export const book = 1;\n",
      "app/db/database.ts": "export const database = 1;\n",
      "app/db/database.test.ts":
        'import { testDatabase } from "#tests/support/test-database.ts";\nexport const t = testDatabase;\n',
      "app/db/seed.ts":
        'import { testDatabase } from "#tests/support/test-database.ts";\nexport const seed = testDatabase;\n',
      "server/catalogue.ts": 'import { book } from "#scripts/catalogue/book.ts";\nexport const c = book;\n',
      "scripts/cli.ts": 'import { database } from "#app/db/database.ts";\nexport const cli = database;\n',
      "tests/site.spec.ts": 'import { book } from "#scripts/catalogue/book.ts";\nexport const s = book;\n',
    });
    const breaks = folderRuleBreaks(at, importGraph(at, Object.keys(FOLDER_RULES), { tests: true, types: true }));
    expect(breaks.map((edge) => edge.example)).toEqual([
      "app/db/seed.ts -> tests/support/test-database.ts",
      "server/catalogue.ts -> scripts/catalogue/book.ts",
    ]);
  });
});
