import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { syntheticWorks, workFile, writeSyntheticContent } from "./synthetic-catalogue.ts";

describe("synthetic catalogue", () => {
  it("makes unique slugs and ids, the same every run", () => {
    const works = syntheticWorks(12_000);
    expect(new Set(works.map((w) => w.slug)).size).toBe(12_000);
    expect(new Set(works.map((w) => w.artwork_id)).size).toBe(12_000);
    expect(syntheticWorks(50)).toEqual(syntheticWorks(50));
  });

  it("writes front matter with every field, the year quoted, and the description as the body", () => {
    const [work] = syntheticWorks(1);
    const text = workFile(work as NonNullable<typeof work>);
    const match = /^---\n([\s\S]*?)\n---\n\n([\s\S]*)$/.exec(text);
    expect(match).not.toBeNull();
    const fields = parse(match?.[1] ?? "");
    expect(Object.keys(fields)).toEqual([
      "title",
      "artwork_id",
      "year",
      "series",
      "chain",
      "availability",
      "mint_address",
      "secondary_market",
    ]);
    expect(typeof fields.year).toBe("string");
    expect(match?.[1]).toMatch(/^year: "\d{4}"$/m);
    expect(match?.[2]).toBe(`${work?.description}\n`);
  });

  it("writes a content folder outside the repository: the real works kept, generated ones added up to the count", () => {
    const source = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-content-src-"));
    fs.mkdirSync(path.join(source, "works"));
    fs.writeFileSync(path.join(source, "works", "real.md"), "---\ntitle: Real\n---\n");
    fs.writeFileSync(path.join(source, "site.yaml"), "brand: Umbra\n");
    const target = writeSyntheticContent(source, fs.mkdtempSync(path.join(os.tmpdir(), "umbra-content-")), 30);
    expect(fs.readdirSync(path.join(target, "works"))).toHaveLength(30);
    expect(fs.existsSync(path.join(target, "works", "real.md"))).toBe(true);
    expect(fs.readdirSync(path.join(source, "works"))).toEqual(["real.md"]);
    expect(fs.readFileSync(path.join(target, "site.yaml"), "utf8")).toBe("brand: Umbra\n");
  });
});
