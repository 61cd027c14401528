import { PDFDocument, StandardFonts } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import type { TextBlock } from "./catalogue-texts.ts";
import { breakLines, type FlowStyle, flowText, type Measure, type SetLine, setWords } from "./layout-text.ts";

const style: FlowStyle = {
  width: 200,
  bodySize: 11,
  leading: 15,
  headingSize: 12,
  headingSpaceBefore: 12,
  headingSpaceAfter: 6,
  paragraphSpace: 5,
};
let measure: Measure;
beforeAll(async () => {
  const doc = await PDFDocument.create();
  const serif = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.TimesRomanBold);
  measure = (text, size, face) => (face === "heading" ? bold : serif).widthOfTextAtSize(text, size);
});

const words = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `word${from + i}`).join(" ");
const sourceWords = (blocks: TextBlock[]) => blocks.flatMap((b) => b.text.split(" "));

describe("flowText", () => {
  it("breaks a long paragraph across pages without losing, repeating or reordering a word", () => {
    const blocks: TextBlock[] = [{ kind: "paragraph", text: words(900) }];
    const pages = flowText(blocks, measure, style, { firstHeight: 150, height: 300 });
    expect(pages.length).toBeGreaterThan(3);
    expect(setWords(pages)).toEqual(sourceWords(blocks));
  });

  it("keeps every line within the column and every baseline within the frame", () => {
    const frame = { firstHeight: 150, height: 300 };
    const pages = flowText([{ kind: "paragraph", text: words(600) }], measure, style, frame);
    pages.forEach((page, i) => {
      for (const line of page) {
        expect(measure(line.words.join(" "), style.bodySize, "body")).toBeLessThanOrEqual(style.width);
        expect(line.baseline).toBeLessThanOrEqual(i === 0 ? frame.firstHeight : frame.height);
      }
    });
  });

  it("leaves no single line of a paragraph alone at the foot or the head of a page", () => {
    // Paragraphs of 3 to 9 lines against a 10-line page: every split has to respect the rule.
    const blocks: TextBlock[] = Array.from({ length: 30 }, (_, i) => ({
      kind: "paragraph",
      text: words(20 + ((i * 13) % 60), i * 100),
    }));
    const pages = flowText(blocks, measure, style, { firstHeight: 150, height: 150 });
    expect(setWords(pages)).toEqual(sourceWords(blocks));
    const paragraphOf = (word: string) => Math.floor(Number(word.slice(4)) / 100);
    for (let i = 1; i < pages.length; i++) {
      const [previous, next] = [pages[i - 1] ?? [], pages[i] ?? []];
      const last = previous.at(-1);
      const first = next[0];
      if (!last || !first || paragraphOf(last.words[0] ?? "") !== paragraphOf(first.words[0] ?? "")) continue;
      // The paragraph runs over: two or more of its lines on each side.
      const paragraph = paragraphOf(first.words[0] ?? "");
      expect(previous.filter((l) => paragraphOf(l.words[0] ?? "") === paragraph).length).toBeGreaterThanOrEqual(2);
      expect(next.filter((l) => paragraphOf(l.words[0] ?? "") === paragraph).length).toBeGreaterThanOrEqual(2);
      expect(last.justify).toBe(true);
    }
  });

  it("never ends a page on a heading and never justifies a paragraph's last line", () => {
    const blocks: TextBlock[] = Array.from({ length: 12 }, (_, i): TextBlock[] => [
      { kind: "heading", text: `Heading ${i}` },
      { kind: "paragraph", text: words(40 + i * 7, i * 1000) },
    ]).flat();
    const pages = flowText(blocks, measure, style, { firstHeight: 200, height: 200 });
    for (const page of pages) {
      expect(page.at(-1)?.face).toBe("body");
      const headingAt = page.findIndex((line) => line.face === "heading");
      if (headingAt >= 0) expect(page.slice(headingAt + 1).length).toBeGreaterThanOrEqual(2);
    }
    const lines = pages.flat().filter((line) => line.face === "body");
    const paragraph = (line: SetLine | undefined) => Math.floor(Number(line?.words[0]?.slice(4) ?? -1) / 1000);
    lines.forEach((line, i) => {
      const lastOfParagraph = paragraph(lines[i + 1]) !== paragraph(line);
      expect(line.justify).toBe(!lastOfParagraph);
    });
  });
});

describe("breakLines", () => {
  it("puts a word wider than the column on a line of its own rather than dropping it", () => {
    const lines = breakLines("a Pneumonoultramicroscopicsilicovolcanoconiosis b", 40, (line) => line.length <= 10);
    expect(lines).toEqual([["a"], ["Pneumonoultramicroscopicsilicovolcanoconiosis"], ["b"]]);
  });
});
