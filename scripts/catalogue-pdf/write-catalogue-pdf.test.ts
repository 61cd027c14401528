import { describe, expect, it } from "vitest";
import { descriptionSection } from "./write-catalogue-pdf.ts";

describe("descriptionSection", () => {
  it("keeps only the Description section's text, on one line", () => {
    const text = "Description:\nA first line.\nA second line.\n\nAdditional information:\nEdition: 1 of 1\nYear: 2024";
    expect(descriptionSection(text)).toBe("A first line. A second line.");
  });

  it("returns an empty string for an empty description", () => {
    expect(descriptionSection("")).toBe("");
  });
});
