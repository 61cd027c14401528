import { describe, expect, it } from "vitest";
import {
  type Edition,
  editionText,
  labelSummary,
  parseWorkLabel,
  printedSizeText,
  withLedgerEdition,
} from "./work-label.ts";

const trinketMaker = `Description:
The Trinket Maker sits at a bench of tiny drawers, each one holding a seed, a key or a sleeping animal.
Every object on the bench is painted at the scale of a fingernail, and none of them repeats.

Additional information:
Edition: 1 of 1
Medium: Digital painting; giclee print on cotton rag
Printed size: 200 x 140 cm
Token minted: 9 February 2023

Sale:
Sotheby's Hong Kong, Contemporary Discoveries, March 2023
Lot 1147
Estimate: HK$40,000-60,000
`;

describe("parseWorkLabel", () => {
  it("reads every section of a full description", () => {
    expect(parseWorkLabel(trinketMaker)).toEqual({
      prose: [
        "The Trinket Maker sits at a bench of tiny drawers, each one holding a seed, a key or a sleeping animal.\nEvery object on the bench is painted at the scale of a fingernail, and none of them repeats.",
      ],
      medium: "Digital painting; giclee print on cotton rag",
      printedSize: { widthCm: 200, heightCm: 140 },
      edition: { size: 1, text: "1 of 1" },
      provenance: [
        {
          kind: "Sale",
          lines: [
            "Sotheby's Hong Kong, Contemporary Discoveries, March 2023",
            "Lot 1147",
            "Estimate: HK$40,000-60,000",
          ],
        },
      ],
      otherFacts: [{ key: "Token minted", value: "9 February 2023" }],
    });
  });

  it("gives nothing for an empty description", () => {
    expect(parseWorkLabel("")).toEqual({ prose: [], provenance: [], otherFacts: [] });
    expect(parseWorkLabel("\n\n  \n")).toEqual({ prose: [], provenance: [], otherFacts: [] });
  });

  it("keeps plain prose with no sections, its paragraphs and line breaks", () => {
    const label = parseWorkLabel("First line\nsecond line\n\n\nA new paragraph.\n");
    expect(label.prose).toEqual(["First line\nsecond line", "A new paragraph."]);
    expect(label.medium).toBeUndefined();
    expect(label.edition).toBeUndefined();
    expect(label.provenance).toEqual([]);
  });

  it("keeps prose lines that contain a colon (they are not headings)", () => {
    const label = parseWorkLabel(
      "Description:\nLook for the small figure near the lower edge: it appears in several works.\nSymmetry: the subject.",
    );
    expect(label.prose).toEqual([
      "Look for the small figure near the lower edge: it appears in several works.\nSymmetry: the subject.",
    ]);
  });

  it("reads Sale and Fair as separate provenance entries in order", () => {
    const label = parseWorkLabel(
      "Description:\nA work.\n\nFair:\nArt Basel Miami Beach, December 2023.\nSold at the closing auction.\n\nSale:\nLot 7",
    );
    expect(label.provenance).toEqual([
      { kind: "Fair", lines: ["Art Basel Miami Beach, December 2023.", "Sold at the closing auction."] },
      { kind: "Sale", lines: ["Lot 7"] },
    ]);
    expect(label.prose).toEqual(["A work."]);
  });

  it("keeps unknown keys in order and drops the Year the record already shows", () => {
    const label = parseWorkLabel(
      "Additional information:\nYear: 2023\nFramed: no\nCertificate: signed by the artist\nEdition: 1 of 8",
    );
    expect(label.otherFacts).toEqual([
      { key: "Framed", value: "no" },
      { key: "Certificate", value: "signed by the artist" },
    ]);
    expect(label.edition).toEqual({ size: 8, text: "1 of 8" });
  });

  it("reads CRLF line ends and odd spacing", () => {
    const label = parseWorkLabel(
      "  Description :  \r\n  A  line\twith   spaces \r\n\r\nADDITIONAL INFORMATION:\r\nPrinted size :  200 x 140 CM \r\nEdition:10\r\nmedium:   Oil",
    );
    expect(label.prose).toEqual(["A line with spaces"]);
    expect(label.printedSize).toEqual({ widthCm: 200, heightCm: 140 });
    expect(label.edition).toEqual({ size: 10, text: "10" });
    expect(label.medium).toBe("Oil");
  });

  it("takes a heading's text on the same line", () => {
    const label = parseWorkLabel("Description: One line only.\nSale: Private sale, 2024");
    expect(label.prose).toEqual(["One line only."]);
    expect(label.provenance).toEqual([{ kind: "Sale", lines: ["Private sale, 2024"] }]);
  });

  it("keeps a size or edition it cannot read in the description's words", () => {
    const label = parseWorkLabel("Additional information:\nPrinted size: about two metres\nEdition: artist's proof");
    expect(label.printedSize).toBeUndefined();
    expect(label.printedSizeText).toBe("about two metres");
    expect(editionText(label.edition!)).toBe("artist's proof");
  });

  it("keeps a sentence among the facts as prose", () => {
    const label = parseWorkLabel(
      "Description:\nA work.\n\nAdditional information:\nPrinted twice for the show\nMedium: Ink",
    );
    expect(label.prose).toEqual(["A work.", "Printed twice for the show"]);
    expect(label.medium).toBe("Ink");
  });
});

describe("label texts", () => {
  it("writes the printed size in whole inches rounded down, then centimetres", () => {
    expect(printedSizeText({ widthCm: 200, heightCm: 140 })).toBe("78 x 55 in (200 x 140 cm)");
    expect(printedSizeText({ widthCm: 100, heightCm: 70 })).toBe("39 x 27 in (100 x 70 cm)");
  });

  it("says Unique for an edition of 1 and 'Edition of N' otherwise", () => {
    expect(editionText({ size: 1, text: "1 of 1" })).toBe("Unique");
    expect(editionText({ size: 8, text: "1 of 8" })).toBe("Edition of 8");
    expect(editionText({ size: 10, text: "1 of 10" })).toBe("Edition of 10");
  });

  it("summarises by the first line of prose, or nothing", () => {
    expect(labelSummary(parseWorkLabel(trinketMaker))).toBe(
      "The Trinket Maker sits at a bench of tiny drawers, each one holding a seed, a key or a sleeping animal.",
    );
    expect(labelSummary(parseWorkLabel("Additional information:\nMedium: Ink"))).toBeUndefined();
  });
});

describe("the ledger's edition on the label", () => {
  it("replaces the description's edition when the ledger has one, and leaves it otherwise", () => {
    const label = parseWorkLabel("A work.\n\nAdditional information:\nEdition: 1 of 1");
    expect(editionText(withLedgerEdition(label, 8).edition as Edition)).toBe("Edition of 8");
    expect(editionText(withLedgerEdition(label, 1).edition as Edition)).toBe("Unique");
    expect(withLedgerEdition(label, undefined)).toBe(label);
  });
});
