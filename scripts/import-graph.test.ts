import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { folderCycles, importGraph } from "./import-graph.ts";

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
});
