import { describe, expect, it } from "vitest";
import {
  type ArtworkRecord,
  artworkRecord,
  catalogueOrder,
  crossRecordProblems,
  type WorkFile,
  workFileSchema,
} from "./artwork-record.ts";

const good = {
  title: "The New God",
  artwork_id: 105,
  year: "2024",
  series: "Secrets",
  chain: "Solana",
  availability: "Sold",
  mint_address: "",
  secondary_market: "https://magiceden.io/item-details/UmbraDemoMint123",
  description: "Description:\nText",
};

const problems = (data: unknown) => workFileSchema.safeParse(data).error?.issues.map((i) => i.path.join("."));

describe("work file schema", () => {
  it("accepts a work, with links and description optional", () => {
    expect(workFileSchema.parse(good).title).toBe("The New God");
    const { description: _, mint_address: _m, secondary_market: _s, ...bare } = good;
    expect(workFileSchema.parse(bare)).toMatchObject({ description: "", mint_address: "", secondary_market: "" });
  });

  it("names the field of each problem", () => {
    expect(problems({ ...good, year: 2024 })).toEqual(["year"]);
    expect(problems({ ...good, chain: "Bitcoin" })).toEqual(["chain"]);
    expect(problems({ ...good, mint_address: "not a link" })).toEqual(["mint_address"]);
    expect(problems({ ...good, artwork_id: "105" })).toEqual(["artwork_id"]);
  });

  it("refuses HTML in the description, which is shown as written (decision 029)", () => {
    for (const html of ["<script>document.title='pwned'</script>", '<img src=x onerror="alert(1)">', "</p>"]) {
      const result = workFileSchema.safeParse({ ...good, description: `Description:\nMoss ${html} grows.` });
      expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
        ["description", expect.stringMatching(/^is plain text, shown as written: remove the HTML "</)],
      ]);
    }
    // A lone "<" is text, not HTML.
    expect(workFileSchema.safeParse({ ...good, description: "Smaller < larger, 3 <4" }).success).toBe(true);
  });

  it("rejects a missing field and an unknown one (a slug or image is never written in the file)", () => {
    const { title: _, ...untitled } = good;
    expect(problems(untitled)).toEqual(["title"]);
    expect(workFileSchema.safeParse({ ...good, slug: "x" }).error?.issues[0]?.code).toBe("unrecognized_keys");
  });

  it("derives the slug and image paths from the file name", () => {
    expect(artworkRecord("the-new-god", workFileSchema.parse(good))).toMatchObject({
      slug: "the-new-god",
      image_small: "/artworks-800/the-new-god",
      image_large: "/artworks-1920/the-new-god",
    });
  });

  it("refuses a file name that is not lowercase-hyphenated", () => {
    expect(crossRecordProblems([{ slug: "the-new-god" }])).toEqual([]);
    expect(crossRecordProblems([{ slug: "The New God", file: "content/works/The New God.md" }])).toEqual([
      "content/works/The New God.md: the file name must be lowercase and hyphenated, e.g. moss-lantern.md",
    ]);
  });
});

describe("catalogue order", () => {
  const work = (slug: string, artwork_id: number, series: WorkFile["series"]): ArtworkRecord =>
    artworkRecord(slug, workFileSchema.parse({ ...good, artwork_id, series }));

  it("lists by series, then id, with a repeated id last in its series and the first file kept first", () => {
    const files = [
      work("a-id-two", 2, "Exotic"),
      work("b-first", 1, "Exotic"),
      work("c-repeat", 1, "Exotic"),
      work("d-early", 9, "Maestro"),
      work("e-later", 3, "Icaro"),
    ];
    expect(catalogueOrder(files).map((r) => r.slug)).toEqual(["d-early", "b-first", "a-id-two", "c-repeat", "e-later"]);
  });
});
