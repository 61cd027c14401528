import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { contentFolder, readPage } from "#app/content/content-registry.server.ts";
import { latestYear } from "./cv.server.ts";

const content = path.resolve("content");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-pages-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A content folder holding one page file with `yaml` as its text; returns the folder and the file. */
function pageFolder(page: string, yaml: string): { dir: string; file: string } {
  const dir = fs.mkdtempSync(path.join(scratch, "content-"));
  const file = path.join(dir, "pages", `${page}.yaml`);
  fs.mkdirSync(path.dirname(file));
  fs.writeFileSync(file, yaml);
  return { dir, file };
}

/** The real page file with one line replaced. */
function realPageWith(page: string, from: string, to: string): string {
  const source = fs.readFileSync(path.join(content, "pages", `${page}.yaml`), "utf8");
  if (!source.includes(from)) throw new Error(`${page}.yaml has no "${from}"`);
  return source.replace(from, to);
}

describe("the pages' content files", () => {
  it("reads every page in content/pages", () => {
    expect(readPage(contentFolder(content), "home").featured.work).toBe("the-source-of-novelty");
    const about = readPage(contentFolder(content), "about");
    expect(about.slides).toHaveLength(14);
    expect(about.slides[0]?.image).toEqual({ collection: "about", name: "slide-secrets-opening" });
    expect(about.sections.map((s) => s.title)).toEqual(["Practice", "Academia", "Exhibitions", "Residencies"]);
    const cv = readPage(contentFolder(content), "cv");
    expect(cv.sections.map((s) => s.title)).toEqual([
      "Education",
      "Solo Exhibitions",
      "Group Exhibitions",
      "Artist Residency",
      "Auction House Sales",
      "Articles/Catalogues/Publications",
      "Interviews",
    ]);
    expect(cv.sections[0]?.entries[0]).toEqual({
      year: "2019-2021",
      title: "PhD candidature, perception and altered states (discontinued)",
      place: "Melbourne, Australia",
    });
    expect(readPage(contentFolder(content), "prices").originals.cards.map((c) => c.price)).toEqual([
      "limited_edition_prints",
      "original_paintings",
    ]);
    expect(readPage(contentFolder(content), "contact").heading).toBe("We'd love to connect with you.");
    expect(readPage(contentFolder(content), "merch").heading).toBe("Merch");
    expect(readPage(contentFolder(content), "notFound").title).toBe("Page Not Found");
    expect(readPage(contentFolder(content), "quotes").no_match).toBe("No quotes match “{search}”.");
    expect(readPage(contentFolder(content), "exhibitions").heading).toBe("Exhibitions");
  });

  it("keeps a paragraph written over several lines as one line of text", () => {
    const contact = readPage(contentFolder(content), "contact");
    expect(contact.closing).toBe(
      "The studio is also glad to facilitate connections with galleries, writers and fellow collectors. Write to {email} and {assistant} will reply personally.",
    );
  });

  it("says a CV year must be quoted when it is written as a number", () => {
    const { dir, file } = pageFolder("cv", realPageWith("cv", 'year: "2014"', "year: 2014"));
    expect(() => readPage(contentFolder(dir), "cv")).toThrow(
      `${file}: sections.0.entries.1.year: must be a year or years in quotes, e.g. "2024" or "2019-2021" (got 2014)`,
    );
  });

  it("lists every CV section newest first, a range by its last year", () => {
    for (const section of readPage(contentFolder(content), "cv").sections) {
      const years = section.entries.map((e) => latestYear(e.year));
      expect(years, section.title).toEqual([...years].sort((a, b) => b - a));
    }
    expect(latestYear("2019-2021")).toBe(2021);
  });

  it("refuses a CV entry out of date order, naming it and the entry it must come before", () => {
    const { dir, file } = pageFolder(
      "cv",
      realPageWith("cv", 'year: "2023"\n        title: "Portals', 'year: "2025"\n        title: "Portals'),
    );
    expect(() => readPage(contentFolder(dir), "cv")).toThrow(
      `${file}: sections.5.entries.5.year: entries are listed newest first: "Portals: Accessing and Storing Information in Quantum Folders" (2025) must come before "The Amazon Diaries: Twelve Weeks Studying Plant Spirits" (2024)`,
    );
  });

  it("refuses a field a page does not have, naming the misspelt key", () => {
    const { dir, file } = pageFolder(
      "merch",
      "title: Merch\ndescription: Merchandise.\nheading: Merch\nsubheading: Soon\n",
    );
    expect(() => readPage(contentFolder(dir), "merch")).toThrow(`${file}: (file): Unrecognized key: "subheading"`);
  });

  it("names each missing field of a page", () => {
    const { dir, file } = pageFolder("merch", "title: Merch\n");
    expect(() => readPage(contentFolder(dir), "merch")).toThrow(
      `${file}: description: is missing\n${file}: heading: is missing`,
    );
  });

  it("checks an image is written as collection/name", () => {
    const { dir, file } = pageFolder(
      "contact",
      realPageWith("contact", "portrait: contact/portrait", "portrait: portrait"),
    );
    expect(() => readPage(contentFolder(dir), "contact")).toThrow(
      `${file}: portrait: must be "collection/name", e.g. "about/card-icva" (got "portrait")`,
    );
  });

  it("refuses a price the site settings do not have", () => {
    const { dir, file } = pageFolder(
      "prices",
      realPageWith("prices", "price: original_paintings", "price: sculptures"),
    );
    expect(() => readPage(contentFolder(dir), "prices")).toThrow(`${file}: originals.cards.1.price:`);
  });

  it("reports a YAML mistake with its line", () => {
    const { dir, file } = pageFolder("merch", "title: Merch\ndescription: Merch: soon\nheading: Merch\n");
    expect(() => readPage(contentFolder(dir), "merch")).toThrow(`${file} line 2:`);
  });
});
