import { describe, expect, it } from "vitest";
import { processContentStore } from "#app/content/content-store.server.ts";
import { imageInfo } from "#app/images/image-info.server.ts";
import { artworkJsonLd } from "./artwork-json-ld.ts";

describe("the artwork page's VisualArtwork", () => {
  const work = processContentStore().catalogue().find("mapacho-dawn");
  if (!work) throw new Error("mapacho-dawn is not in the catalogue");
  const picture = imageInfo("artworks", work.imageLarge);

  it("carries the ledger's edition size as artEdition when the studio set one (issue 40)", () => {
    expect(artworkJsonLd(work, picture, "Umbra", 8).artEdition).toBe("8");
  });

  it("keeps the size the description states when the ledger has none", () => {
    expect(artworkJsonLd(work, picture, "Umbra").artEdition).toBe(String(work.edition));
  });
});
