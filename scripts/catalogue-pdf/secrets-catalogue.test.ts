import { describe, expect, it } from "vitest";
import { secretsCatalogue } from "./secrets-catalogue.ts";

describe("secretsCatalogue", () => {
  it("prints the Solo London page's twelve works, in hanging order, and the four essays from the content files", () => {
    const catalogue = secretsCatalogue();
    expect(catalogue.title).toBe("Secrets");
    expect(catalogue.subtitle).toBe("Solo Exhibition, London, May 2024");
    expect(catalogue.works).toHaveLength(12);
    expect(catalogue.works[0]?.slug).toBe("the-bedroom-explorer");
    expect(catalogue.works.at(-1)?.slug).toBe("the-surrender");
    expect(catalogue.essays.map((e) => e.author)).toEqual([
      "Callum Ashdown-Reyes",
      "Harriet Vossberg",
      "Dr. Priya Lanneau",
      "Noor Elsworth",
    ]);
  });
});
