import { PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { buildBook, layOutBook } from "./book.ts";
import type { BookPlan, PlannedPage } from "./book-plan.ts";
import { catalogueJobFromFiles } from "./catalogue-job.ts";

const { content } = catalogueJobFromFiles();
let plan: BookPlan;
beforeAll(async () => {
  plan = await layOutBook(content);
});

const pageAt = (number: number): PlannedPage => {
  const page = plan.pages[number - 1];
  if (!page) throw new Error(`no page ${number}`);
  return page;
};
const startPage = (title: string) => plan.contents.find((entry) => entry.title === title)?.page ?? -1;

describe("the Secrets catalogue from the content files", () => {
  it("is the eighty-page book the site and the CV describe", () => {
    expect(plan.pages).toHaveLength(80);
    expect(plan.pages.map((p) => p.number)).toEqual(Array.from({ length: 80 }, (_, i) => i + 1));
  });

  it("lists every essay in the contents at the page where its title opens, on a right-hand page", () => {
    expect(content.essays).toHaveLength(4);
    for (const essay of content.essays) {
      const entry = plan.contents.find((e) => e.title === essay.title);
      expect(entry?.author).toBe(essay.author);
      const page = pageAt(entry?.page ?? 0);
      expect(page.page.kind === "text" && page.page.opening?.title).toBe(essay.title);
      expect(page.number % 2).toBe(1);
    }
  });

  it("lists the other sections at the page where each really starts", () => {
    const starts: [string, (page: PlannedPage) => boolean][] = [
      ["Foreword", (p) => p.page.kind === "text" && p.page.opening?.title === "Foreword"],
      ["Plates", (p) => p.page.kind === "section-title" && p.page.title === "Plates"],
      ["Details", (p) => p.page.kind === "section-title" && p.page.title === "Details"],
      ["Installation views", (p) => p.page.kind === "installation" && p.page.views[0] === 0],
      ["Biography", (p) => p.page.kind === "text" && p.page.opening?.title === "Biography"],
      ["Notes on contributors", (p) => p.page.kind === "contributors"],
      ["List of works", (p) => p.page.kind === "list-of-works"],
    ];
    expect(plan.contents.map((entry) => entry.title)).toEqual([
      "Foreword",
      ...content.essays.map((essay) => essay.title),
      ...starts.slice(1).map(([title]) => title),
    ]);
    for (const [title, isStart] of starts) {
      expect(isStart(pageAt(startPage(title))), title).toBe(true);
      expect(isStart(pageAt(startPage(title) - 1)), `${title} starts no earlier`).toBe(false);
    }
  });

  it("prints each of the twelve works as a plate facing its label, and once more as a detail", () => {
    expect(content.works.map((w) => w.title)).toEqual([
      "The Bedroom Explorer",
      "An Exotic Trade",
      "The Underworld",
      "Life Death and Rebirth",
      "It’s All In Your Head",
      "Plant Spirits",
      "The Harmala Mysteries",
      "The Hidden Circus",
      "The Source Of Novelty",
      "The Magician’s Chest",
      "The New God",
      "The Surrender",
    ]);
    content.works.forEach((work, i) => {
      const label = plan.pages.find((p) => p.page.kind === "label" && p.page.work === i);
      const plate = plan.pages.find((p) => p.page.kind === "plate" && p.page.work === i);
      // A spread: the label on the left-hand (even) page, the plate on the right.
      expect(label?.number, work.title).toBe((plate?.number ?? 0) - 1);
      expect((label?.number ?? 1) % 2).toBe(0);
      expect(plan.pages.filter((p) => p.page.kind === "details" && p.page.works.includes(i))).toHaveLength(1);
      expect(work.size).toBe("78 x 55 in (200 x 140 cm)");
      expect(work.chain).toBe("Solana");
    });
  });

  it("numbers every page but the cover, blanks, title pages and full-page images, with no blank page except before a recto start", () => {
    expect(pageAt(1).page.kind).toBe("cover");
    expect(pageAt(1).folio).toBe(false);
    for (const page of plan.pages) {
      if (page.page.kind === "blank") {
        expect(page.number % 2, `blank page ${page.number}`).toBe(0);
        expect(page.folio).toBe(false);
      }
      if (page.page.kind === "text") expect(page.folio).toBe(true);
    }
    expect(plan.pages.filter((p) => p.page.kind === "blank").length).toBeLessThanOrEqual(4);
  });
});

describe("buildBook", () => {
  it("writes a PDF of the planned pages that embeds each image once (the cover reuses plate 1)", async () => {
    const jpeg = async (color: string, width: number, height: number) =>
      new Uint8Array(
        await sharp({ create: { width, height, channels: 3, background: color } })
          .jpeg()
          .toBuffer(),
      );
    const plate = await jpeg("#335", 100, 70);
    const images = {
      plates: content.works.map(() => plate),
      details: await Promise.all(content.works.map(() => jpeg("#553", 60, 80))),
      views: await Promise.all(content.installation.map(() => jpeg("#444", 80, 60))),
    };
    const { bytes } = await buildBook(content, images);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(80);
    expect(doc.getTitle()).toBe("Secrets - Umbra");
    const embedded = doc.context
      .enumerateIndirectObjects()
      .filter(
        ([, object]) =>
          object instanceof PDFRawStream && object.dict.get(PDFName.of("Subtype")) === PDFName.of("Image"),
      );
    expect(embedded).toHaveLength(12 + 12 + content.installation.length);
  });
});
