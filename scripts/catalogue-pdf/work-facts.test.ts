import { describe, expect, it } from "vitest";
import { descriptionSection, fact, inches, printedSize } from "./work-facts.ts";

const description =
  "Description:\nA first line.\nA second line.\n\nAdditional information:\nEdition: 1 of 10\nMedium: Digital painting; giclee print on cotton rag\nPrinted size: 200 x 140 cm\nYear: 2024";

describe("work facts", () => {
  it("keeps only the Description section's text, on one line", () => {
    expect(descriptionSection(description)).toBe("A first line. A second line.");
    expect(descriptionSection("")).toBe("");
  });

  it("reads a named line of the additional information", () => {
    expect(fact(description, "Edition")).toBe("1 of 10");
    expect(fact(description, "Medium")).toBe("Digital painting; giclee print on cotton rag");
    expect(fact(description, "Chain")).toBeUndefined();
  });

  it("states the printed size in centimetres and in inches to the nearest eighth", () => {
    expect(inches(200)).toBe("78 3/4");
    expect(inches(140)).toBe("55 1/8");
    expect(inches(2.54)).toBe("1");
    expect(printedSize("200 x 140 cm")).toBe("200 x 140 cm (78 3/4 x 55 1/8 in)");
    expect(printedSize("about two metres")).toBe("about two metres");
  });
});
