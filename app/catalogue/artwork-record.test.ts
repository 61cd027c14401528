import { describe, expect, it } from "vitest";
import { artworkRecords } from "~/content/artworks";
import { type ArtworkRecord, parseArtworkRecords } from "./artwork-record";

const good: ArtworkRecord = {
  title: "The New God",
  slug: "the-new-god",
  artwork_id: 105,
  year: "2024",
  series: "Secrets",
  chain: "Solana",
  availability: "Sold",
  mint_address: "",
  secondary_market: "https://magiceden.io/item-details/UmbraDemoMint123",
  description: "Description:\nText",
  image_small: "/artworks-800/the-new-god",
  image_large: "/artworks-1920/the-new-god",
};

describe("catalogue validation", () => {
  it("accepts the shipped catalogue", () => {
    expect(parseArtworkRecords(artworkRecords)).toHaveLength(artworkRecords.length);
  });

  it("accepts a record without a description", () => {
    const { description: _, ...withoutDescription } = good;
    expect(parseArtworkRecords([withoutDescription])[0]?.description).toBeUndefined();
  });

  it("names the record and the field of each problem", () => {
    const bad = [good, { ...good, slug: "second", year: 2024 }, { ...good, slug: "third", chain: "Bitcoin" }];
    expect(() => parseArtworkRecords(bad)).toThrow(/record 2 "second": year: /);
    expect(() => parseArtworkRecords(bad)).toThrow(/record 3 "third": chain: /);
  });

  it("rejects a slug that is not lowercase-hyphenated, a non-URL link, and a repeated slug", () => {
    expect(() => parseArtworkRecords([{ ...good, slug: "The New God" }])).toThrow(
      /slug: must be lowercase and hyphenated/,
    );
    expect(() => parseArtworkRecords([{ ...good, mint_address: "not a link" }])).toThrow(
      /record 1 "the-new-god": mint_address/,
    );
    expect(() => parseArtworkRecords([good, good])).toThrow(/record 2 "the-new-god": slug: duplicates/);
  });

  it("rejects a missing field and an unknown one", () => {
    const { title: _, ...untitled } = good;
    expect(() => parseArtworkRecords([untitled])).toThrow(/record 1 "the-new-god": title/);
    expect(() => parseArtworkRecords([{ ...good, price: 5 }])).toThrow(/record 1 "the-new-god": \(record\)/);
  });
});
