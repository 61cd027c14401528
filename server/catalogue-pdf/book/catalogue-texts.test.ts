import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterEach, describe, expect, it } from "vitest";
import { readCatalogueText } from "./catalogue-texts.ts";
import { firstUnprintable, isWinAnsi } from "./winansi.ts";

const prose = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");
let dir = "";
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = "";
});

function essayFile(body: string, front = "title: A Title\nauthor: A. Writer\nabout_author: Writes.") {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "catalogue-texts-"));
  const file = path.join(dir, "essay.md");
  fs.writeFileSync(file, `---\n${front}\n---\n\n${body}\n`);
  return file;
}

describe("readCatalogueText", () => {
  it("reads paragraphs and headings, keeping curly quotes, dashes and accents", () => {
    const text = readCatalogueText(
      essayFile(
        `“It’s a café — naïve,” she said. ${prose(120)}\n\n## A heading\n\nA second paragraph\nover two lines.`,
      ),
    );
    expect(text.title).toBe("A Title");
    expect(text.aboutAuthor).toBe("Writes.");
    expect(text.blocks).toEqual([
      { kind: "paragraph", text: `“It’s a café — naïve,” she said. ${prose(120)}` },
      { kind: "heading", text: "A heading" },
      { kind: "paragraph", text: "A second paragraph over two lines." },
    ]);
  });

  it("stops at a character the PDF fonts cannot print, naming the file, the character and its line", () => {
    const file = essayFile(`${prose(120)}\n\nThe set of all x ≠ y.`);
    expect(() => readCatalogueText(file)).toThrow(/essay\.md: body: "≠" \(U\+2260, body line 3\) cannot be printed/);
  });

  it("checks the front matter for print too", () => {
    const file = essayFile(prose(120), "title: Ōtautahi\nauthor: A. Writer");
    expect(() => readCatalogueText(file)).toThrow(/essay\.md: title: "Ō" \(U\+014C\) cannot be printed/);
  });

  it("refuses Markdown the book cannot set (lists, quotes, other heading levels, emphasis marks)", () => {
    expect(() => readCatalogueText(essayFile(`${prose(120)}\n\n- a list item`))).toThrow(
      /body: only paragraphs and "## " headings are printed \(found a list/,
    );
    expect(() => readCatalogueText(essayFile(`${prose(120)}\n\n> quoted`))).toThrow(/found a blockquote/);
    expect(() => readCatalogueText(essayFile(`${prose(120)}\n\n### Deep`))).toThrow(/found a level 3 heading/);
    expect(() => readCatalogueText(essayFile(`${prose(120)} and *emphasis*`))).toThrow(/plain prose only/);
    expect(() => readCatalogueText(essayFile(`## Heading first\n\n${prose(120)}`))).toThrow(
      /must open with a paragraph/,
    );
  });

  it("refuses a missing or unknown front matter field and a body too short to be the essay", () => {
    expect(() => readCatalogueText(essayFile(prose(120), "title: A Title"))).toThrow(/essay\.md: author: is missing/);
    expect(() => readCatalogueText(essayFile(prose(120), "title: T\nauthor: A\nsubtitle: x"))).toThrow(
      /Unrecognized key/,
    );
    expect(() => readCatalogueText(essayFile("Only an abstract."))).toThrow(/body: must be the full text/);
  });
});

describe("isWinAnsi", () => {
  it("agrees with what pdf-lib's standard Times can encode", async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.TimesRoman);
    for (let codePoint = 0x20; codePoint < 0x2200; codePoint++) {
      const char = String.fromCodePoint(codePoint);
      let encodable = true;
      try {
        font.encodeText(char);
      } catch {
        encodable = false;
      }
      expect(isWinAnsi(codePoint), `${char} U+${codePoint.toString(16)}`).toBe(encodable);
    }
  });

  it("finds the first unprintable character and its line, and passes layout whitespace", () => {
    expect(firstUnprintable("a\tb\nc\r\nd")).toBeUndefined();
    expect(firstUnprintable("fine\nstill fine\nan emoji 🌿 here")).toEqual({ char: "🌿", codePoint: 0x1f33f, line: 3 });
  });
});
