import { describe, expect, it } from "vitest";
import { processContentStore } from "#app/content/content-store.server.ts";
import { DEFAULT_FILTERS } from "./artwork-list.ts";
import { artworkNeighbours as neighboursIn } from "./artwork-neighbours.server.ts";
import { parseWorkLabel } from "./work-label.ts";

const catalogue = processContentStore().catalogue();
const { artworks } = catalogue;
const artworkNeighbours = (slug: string, filters = DEFAULT_FILTERS) => neighboursIn(catalogue, slug, filters);

// The rules over the real content/works files: every label reads cleanly.
describe("every work's label", () => {
  const labels = artworks.map((artwork) => ({ artwork, label: parseWorkLabel(artwork.description) }));

  it("leaves no section heading in the prose or the provenance", () => {
    for (const { artwork, label } of labels) {
      const text = [...label.prose, ...label.provenance.flatMap((entry) => entry.lines)].join("\n");
      expect(text, artwork.slug).not.toMatch(/^(Description|Additional information|Sale|Fair):/im);
    }
  });

  it("reads the edition the catalogue already counts, and a size wherever one is stated", () => {
    for (const { artwork, label } of labels) {
      if (label.edition) expect(label.edition.size, artwork.slug).toBe(artwork.edition);
      if (/Printed size:/.test(artwork.description)) expect(label.printedSize, artwork.slug).toBeDefined();
    }
    const sizes = new Set(labels.map(({ label }) => label.edition?.size).filter(Boolean));
    expect([...sizes].sort((a, b) => a! - b!)).toEqual([1, 8, 10]);
  });

  it("finds The Trinket Maker's sale and the Miami fair works", () => {
    const kinds = (slug: string) =>
      labels.find(({ artwork }) => artwork.slug === slug)?.label.provenance.map((entry) => entry.kind);
    expect(kinds("the-trinket-maker")).toEqual(["Sale"]);
    expect(kinds("five-days-in-the-dark")).toEqual(["Fair"]);
  });
});

describe("artworkNeighbours over the catalogue", () => {
  it("links the default view's works in a chain from the first to the last", () => {
    const first = artworks.find((a) => artworkNeighbours(a.slug)?.previous === null);
    const seen = new Set<string>();
    let slug: string | undefined = first?.slug;
    while (slug && !seen.has(slug)) {
      seen.add(slug);
      slug = artworkNeighbours(slug, DEFAULT_FILTERS)?.next?.slug;
    }
    // 118 shown: two works repeat another's id and the gallery shows only the first.
    expect(seen.size).toBe(118);
  });

  it("walks a filtered view within its filter", () => {
    const filters = { ...DEFAULT_FILTERS, series: "Secrets", yearSort: "asc" as const };
    const secrets = artworks.filter((a) => a.series === "Secrets");
    for (const work of secrets) {
      const neighbours = artworkNeighbours(work.slug, filters);
      for (const other of [neighbours?.previous, neighbours?.next])
        if (other) expect(secrets.map((a) => a.slug)).toContain(other.slug);
    }
    expect(artworkNeighbours("the-trinket-maker", filters)).toBeUndefined();
  });
});
