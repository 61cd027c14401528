import { describe, expect, it } from "vitest";
import { EditionAvailability } from "#app/editions/edition-availability.server.ts";
import { editionPageVersion, isEditionPageData } from "./pages-showing-editions.ts";

describe("the pages printing edition lines (decision 076)", () => {
  it("never takes the build's loader data for the artwork pages, the gallery or Prices", () => {
    for (const path of ["/art.data", "/art/mapacho-dawn.data", "/prices.data"])
      expect(isEditionPageData(path)).toBe(true);
    for (const path of ["/about.data", "/art/mapacho-dawn/zoom.data", "/art/mapacho-dawn", "/_root.data"])
      expect(isEditionPageData(path)).toBe(false);
  });

  it("gives no version while no edition is known: those pages may be the build's", () => {
    const availability = new EditionAvailability();
    for (const path of ["/art", "/prices", "/art/mapacho-dawn", "/about", "/rooms/x"])
      expect(editionPageVersion(path, availability)).toBeUndefined();
  });
});
