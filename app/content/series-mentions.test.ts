import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readWorkRecords } from "#app/catalogue/work-files.server.ts";
import { contentFolder } from "#app/content/content-registry.server.ts";

// Words about a work, written in the pages, exhibitions and long-form files, must name the
// series its work file gives it: the catalogue's filter and the prose cannot disagree.
const content = path.resolve("content");
const textFolders = ["pages", "exhibitions", "images", "articles", "interviews"];
const works = readWorkRecords(contentFolder(content));

interface SeriesMention {
  file: string;
  title: string;
  series: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Every "<Title>, a work from the <Series> series", "<Title>, from the <Series> series" and
 * "a work from the <Series> series, <Title>" in `text`. Line breaks and indentation (folded YAML)
 * count as one space.
 */
function seriesMentions(file: string, text: string, titles: readonly string[]): SeriesMention[] {
  const flat = text.replace(/\s+/g, " ");
  const found: SeriesMention[] = [];
  for (const title of titles) {
    const name = escapeRegExp(title);
    const patterns = [
      new RegExp(`${name}, (?:a work )?from the ([A-Z][\\w ]*?) series`, "g"),
      new RegExp(`a work from the ([A-Z][\\w ]*?) series, ${name}\\b`, "g"),
    ];
    for (const pattern of patterns)
      for (const match of flat.matchAll(pattern)) found.push({ file, title, series: match[1] ?? "" });
  }
  return found;
}

function contentMentions(): SeriesMention[] {
  const titles = works.map((w) => w.title);
  return textFolders.flatMap((folder) =>
    fs
      .readdirSync(path.join(content, folder), { recursive: true, encoding: "utf8" })
      .filter((name) => /\.(ya?ml|md)$/.test(name))
      .flatMap((name) =>
        seriesMentions(`${folder}/${name}`, fs.readFileSync(path.join(content, folder, name), "utf8"), titles),
      ),
  );
}

describe("series named in the content", () => {
  it("finds both sentence shapes, across a folded line", () => {
    const text =
      "In 2023 a work from the Exotic series, The Trinket\n    Maker, was sold. Vanilla Moon, from the Exotic series.";
    expect(seriesMentions("x", text, ["The Trinket Maker", "Vanilla Moon"])).toEqual([
      { file: "x", title: "The Trinket Maker", series: "Exotic" },
      { file: "x", title: "Vanilla Moon", series: "Exotic" },
    ]);
  });

  it("agrees with the work files wherever a page names a work's series", () => {
    const mentions = contentMentions();
    // The auction page and About both name The Trinket Maker's series: the check is not empty.
    expect(mentions.filter((m) => m.title === "The Trinket Maker").map((m) => m.file)).toEqual(
      expect.arrayContaining(["pages/about.yaml", "exhibitions/sothebys-hong-kong-2023.yaml"]),
    );
    const seriesOf = new Map(works.map((w) => [w.title, w.series]));
    const disagreeing = mentions.filter((m) => seriesOf.get(m.title) !== m.series);
    expect(disagreeing).toEqual([]);
  });

  it("The Trinket Maker is an Exotic work, as the auction page and About say", () => {
    expect(works.find((w) => w.slug === "the-trinket-maker")?.series).toBe("Exotic");
  });
});
