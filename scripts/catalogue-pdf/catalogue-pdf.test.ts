import { PDFDocument, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { buildCataloguePdf, wrapText } from "./catalogue-pdf.ts";

const jpeg = async () =>
  new Uint8Array(
    await sharp({ create: { width: 100, height: 70, channels: 3, background: "#335" } })
      .jpeg()
      .toBuffer(),
  );

describe("buildCataloguePdf", () => {
  it("makes a readable PDF: cover, contents, a page per work and a page per essay", async () => {
    const image = await jpeg();
    const works = Array.from({ length: 12 }, (_, i) => ({
      title: `Work ${i + 1}`,
      year: "2024",
      series: "Secrets (2024)",
      medium: "Giclee print",
      size: "78 x 55in (200 x 140cm)",
      edition: "Edition: 1 of 1",
      availability: "Sold",
      description: "It’s a “curly” description — with punctuation.",
      jpeg: image,
    }));
    const essays = Array.from({ length: 4 }, (_, i) => ({
      title: `Essay ${i}`,
      author: "A. Writer",
      abstract: "Text.",
    }));
    const bytes = await buildCataloguePdf({ brand: "Umbra", title: "Secrets", subtitle: "London", works, essays });
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1 + 1 + 12 + 4);
    expect(doc.getTitle()).toBe("Secrets - Umbra");
  });
});

describe("wrapText", () => {
  it("keeps every line within the width and loses no words", async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const text = "one two three four five six seven eight nine ten eleven twelve";
    const lines = wrapText(text, font, 12, 80);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 12)).toBeLessThanOrEqual(80);
    expect(lines.join(" ")).toBe(text);
  });
});
