import { describe, expect, it } from "vitest";
import { contentFolder, readPage } from "#app/content/content-registry.server.ts";
import { processContentStore } from "#app/content/content-store.server.ts";
import { DEFAULT_FILTERS, listArtworks } from "./artwork-list.ts";

const catalogue = processContentStore().catalogue();
const { artworks } = catalogue;
const findArtwork = (slug: string) => catalogue.find(slug);
const artworkCards = () => catalogue.cards();
const galleryFilterOptions = () => catalogue.filterOptions();

describe("the catalogue", () => {
  it("holds about 120 works with the twelve Secrets works and The Trinket Maker", () => {
    expect(artworks.length).toBeGreaterThanOrEqual(110);
    expect(artworks.length).toBeLessThanOrEqual(130);
    const secrets = artworks.filter((a) => a.series === "Secrets").map((a) => a.title);
    expect(secrets).toEqual([
      "The Bedroom Explorer",
      "An Exotic Trade",
      "The Underworld",
      "Life Death and Rebirth",
      "It's All In Your Head",
      "Plant Spirits",
      "The Harmala Mysteries",
      "The Hidden Circus",
      "The Source Of Novelty",
      "The Magician's Chest",
      "The New God",
      "The Surrender",
    ]);
    expect(findArtwork("the-trinket-maker")?.title).toBe("The Trinket Maker");
    expect(findArtwork("the-source-of-novelty")?.seriesLabel).toBe("Secrets (2024)");
  });

  it("has the works the home page features", () => {
    const home = readPage(contentFolder(), "home");
    expect(findArtwork(home.featured.work)?.title).toBe(home.featured.title);
    expect(findArtwork(home.series.work)?.series).toBe("Icaro");
  });

  it("repeats ids 53 and 84, and the gallery keeps one card for each", () => {
    const ids = artworks.map((a) => a.id);
    expect(ids.filter((id) => id === 53)).toHaveLength(2);
    expect(ids.filter((id) => id === 84)).toHaveLength(2);
    expect(listArtworks(artworkCards(), DEFAULT_FILTERS)).toHaveLength(artworks.length - 2);
  });

  it("reads editions of 1, 8 and 10 from the descriptions", () => {
    const editions = new Set(artworks.map((a) => a.edition));
    expect([...editions].sort((a, b) => a - b)).toEqual([1, 8, 10]);
  });

  it("has works without a description, and links only where present", () => {
    expect(artworks.some((a) => a.description === "")).toBe(true);
    expect(artworks.some((a) => !a.mintAddress && !a.secondaryMarket)).toBe(true);
    expect(artworks.some((a) => a.mintAddress && a.secondaryMarket)).toBe(true);
  });

  it("offers only the filter values present, series labelled with their years", () => {
    const options = galleryFilterOptions();
    expect(options.availability.map((o) => o.label)).toEqual(["Sold"]);
    expect(options.chain.map((o) => o.value)).toEqual(["Ethereum", "Solana"]);
    expect(options.series.map((o) => o.label)).toEqual([
      "Maestro (2005-2012)",
      "The Return (2021-2022)",
      "Exotic (2023)",
      "Visions (2023)",
      "Secrets (2024)",
      "Icaro (2025)",
    ]);
  });
});
