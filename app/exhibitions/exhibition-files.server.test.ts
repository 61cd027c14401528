import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { contentFolder } from "#app/content/content-registry.server.ts";
import type { ExhibitionBlock, ExhibitionBlockOf } from "./exhibition-blocks.ts";
import { catalogueWorkRefs, exhibitionLinks, readExhibitions } from "./exhibition-files.server.ts";

const realExhibitions = path.resolve("content/exhibitions");
const temporary: string[] = [];

/**
 * A CONTENT_DIR holding `files` (name -> YAML) in exhibitions/, after copies of the real five
 * when `withReal`; the works and page images are the real ones.
 */
function contentDirWith(files: Record<string, string>, withReal = false): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-exhibitions-"));
  temporary.push(dir);
  for (const shared of ["works", "images"]) fs.symlinkSync(path.resolve("content", shared), path.join(dir, shared));
  fs.mkdirSync(path.join(dir, "exhibitions"));
  if (withReal)
    for (const name of fs.readdirSync(realExhibitions).filter((f) => f.endsWith(".yaml")))
      fs.copyFileSync(path.join(realExhibitions, name), path.join(dir, "exhibitions", name));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, "exhibitions", name), text);
  return dir;
}

afterEach(() => {
  for (const dir of temporary.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const header = `order: 6
nav_label: Kyoto 2026
title: "Kyoto 2026: A Garden Residency"
year: 2026
place: Kyoto
summary: Three weeks in a moss garden.
eyebrow: Kyoto · June 2026
id_prefix: kyoto
`;

/** The message readExhibitions throws for a file made of `header` and these blocks. */
function problemWith(blocks: string): string {
  const dir = contentDirWith({ "kyoto-2026.yaml": `${header}blocks:\n${blocks}` });
  try {
    readExhibitions(contentFolder(dir));
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected the file to be refused");
}

const blockOf = <T extends ExhibitionBlock["type"]>(slug: string, type: T) =>
  readExhibitions(contentFolder())
    .find((e) => e.slug === slug)!
    .blocks.filter((b): b is ExhibitionBlockOf<T> => b.type === type);

describe("readExhibitions: the five exhibitions", () => {
  it("lists them in navigation order with their listing fields", () => {
    expect(exhibitionLinks(readExhibitions(contentFolder())).map((e) => [e.path, e.navLabel])).toEqual([
      ["/exhibitions/icva-partnership-2025", "ICVA Partnership 2025"],
      ["/exhibitions/residency-in-the-amazon-peru-2025", "Residency In The Amazon: Peru 2025"],
      ["/exhibitions/solo-exhibition-london-2024", "Solo Exhibition: London, 2024"],
      ["/exhibitions/art-basel-miami-2023", "Art Basel Miami 2023"],
      ["/exhibitions/sothebys-hong-kong-2023", "Sotheby's Hong Kong 2023"],
    ]);
  });

  it("carries SPEC.md's numbers: 12 Secrets works and photos, Miami's 12 photos and 3 firsts, the auction's 3 photos and 2 links", () => {
    const works = blockOf("solo-exhibition-london-2024", "works")[0]!.works;
    expect(works).toHaveLength(12);
    expect(works[0]).toEqual({
      title: "The Bedroom Explorer",
      slug: "the-bedroom-explorer",
      image: "the-bedroom-explorer",
    });
    expect(works.map((w) => w.slug)).toContain("its-all-in-your-head");
    expect(blockOf("solo-exhibition-london-2024", "gallery")[0]!.images).toHaveLength(12);
    expect(blockOf("art-basel-miami-2023", "gallery")[0]!.images).toHaveLength(12);
    expect(blockOf("art-basel-miami-2023", "list")[0]!.items).toHaveLength(3);
    expect(blockOf("sothebys-hong-kong-2023", "gallery")[0]!.images).toHaveLength(3);
    expect(blockOf("sothebys-hong-kong-2023", "links")[0]!.links).toHaveLength(2);
  });

  it("resolves images to the page-image registry's entries, alt text included", () => {
    const hero = blockOf("art-basel-miami-2023", "hero")[0]!;
    expect(hero.image).toMatchObject({ collection: "miami", name: "feature" });
    expect(hero.image.alt.length).toBeGreaterThan(10);
  });

  it("gives the listing each page's hero image as its feature image, when the page has a hero", () => {
    const links = exhibitionLinks(readExhibitions(contentFolder()));
    const bySlug = (slug: string) => links.find((e) => e.slug === slug)!;
    expect(bySlug("solo-exhibition-london-2024").featureImage).toMatchObject({
      collection: "solo-london",
      name: "feature",
    });
    expect(bySlug("art-basel-miami-2023").featureImage?.alt).toBe(
      blockOf("art-basel-miami-2023", "hero")[0]!.image.alt,
    );
  });

  it("gives a page without a hero its card_image as the feature image, so every index card has a picture", () => {
    const links = exhibitionLinks(readExhibitions(contentFolder()));
    expect(links.find((e) => e.slug === "icva-partnership-2025")?.featureImage).toMatchObject({
      collection: "partnership",
      name: "card",
      kind: "installation",
    });
    expect(links.find((e) => e.slug === "sothebys-hong-kong-2023")?.featureImage).toMatchObject({
      collection: "auction",
      name: "feature",
    });
    for (const link of links) expect(link.featureImage?.alt, link.slug).toMatch(/\w{3,}/);
  });
});

describe("readExhibitions: a sixth exhibition is one more file", () => {
  it("appears in the listing at its order, with the heading defaulting to the title", () => {
    const dir = contentDirWith(
      {
        "kyoto-2026.yaml": `${header.replace("order: 6", "order: 3")}blocks:
  - type: text
    heading: The Garden
    paragraphs: [Moss, stone and water.]
`,
      },
      true,
    );
    const exhibitions = readExhibitions(contentFolder(dir));
    expect(exhibitions).toHaveLength(6);
    const links = exhibitionLinks(exhibitions);
    expect(links.map((e) => e.slug).slice(2, 4)).toEqual(["kyoto-2026", "solo-exhibition-london-2024"]);
    const kyoto = exhibitions[2]!;
    expect(kyoto).toMatchObject({ path: "/exhibitions/kyoto-2026", heading: "Kyoto 2026: A Garden Residency" });
  });
});

describe("readExhibitions: invalid files fail naming the file, block and field", () => {
  it("an unknown block type", () => {
    expect(problemWith("  - type: carousel\n    images: miami/gallery-*\n")).toMatch(
      /kyoto-2026\.yaml: blocks\.0\.type: unknown block type; expected one of hero, logo, lede, .*works \(got "carousel"\)/,
    );
  });

  it("a missing field in a block", () => {
    expect(problemWith("  - type: gallery\n    heading: Gallery\n    images: miami/gallery-*\n")).toMatch(
      /kyoto-2026\.yaml: blocks\.0\.label: is required$/,
    );
  });

  it("an unknown image", () => {
    expect(problemWith("  - type: hero\n    image: miami/no-such-image\n")).toMatch(
      /kyoto-2026\.yaml: blocks\.0\.image: no page image "no-such-image" in collection "miami" \(got "miami\/no-such-image"\)/,
    );
  });

  it("a card image that is not a registered page image, or a path", () => {
    expect(problemWith("  - type: text\n    paragraphs: [Moss.]\ncard_image: miami/no-such-image\n")).toMatch(
      /kyoto-2026\.yaml: card_image: no page image "no-such-image" in collection "miami"/,
    );
    expect(problemWith("  - type: text\n    paragraphs: [Moss.]\ncard_image: ../../etc/passwd\n")).toMatch(
      /kyoto-2026\.yaml: card_image: must be a page image written "collection\/name"/,
    );
  });

  it("a gallery prefix that matches no image", () => {
    expect(problemWith("  - type: gallery\n    heading: G\n    label: L\n    images: miami/nothing-*\n")).toMatch(
      /blocks\.0\.images: matches no page image/,
    );
  });

  it("an unknown image in a gallery's list", () => {
    expect(
      problemWith("  - type: gallery\n    heading: G\n    label: L\n    images: [miami/feature, miami/nope]\n"),
    ).toMatch(/blocks\.0\.images\.1: no page image "nope" in collection "miami"/);
  });

  it("a works title that is not in the catalogue", () => {
    expect(problemWith("  - type: works\n    heading: Works\n    works: [The Surrender, The Lost Drawer]\n")).toMatch(
      /kyoto-2026\.yaml: blocks\.0\.works\.1: no work titled "The Lost Drawer" in the catalogue/,
    );
  });

  it("a paragraph linking to an artwork page that does not exist", () => {
    expect(problemWith("  - type: lede\n    paragraphs: ['See [it](/art/no-such-work).']\n")).toMatch(
      /blocks\.0\.paragraphs\.0: links to \/art\/no-such-work, not in the catalogue/,
    );
  });

  it("a paragraph linking to a javascript: address, or holding HTML (decision 029)", () => {
    expect(problemWith("  - type: lede\n    paragraphs: ['Go [here](javascript:alert(1)).']\n")).toMatch(
      /blocks\.0\.paragraphs\.0: links to "javascript:alert\(1": a link must be https:\/\/, mailto: or a site path/,
    );
    expect(
      problemWith("  - type: text\n    heading: Notes\n    paragraphs: ['<img src=x onerror=alert(1)>']\n"),
    ).toMatch(
      /blocks\.0\.paragraphs\.0: is plain text, shown as written: remove the HTML "<img src=x onerror=alert\(1\)>"/,
    );
  });

  it("two headings with the same id", () => {
    expect(
      problemWith(
        "  - type: text\n    heading: Notes\n    paragraphs: [a]\n  - type: list\n    heading: Notes\n    items: [b]\n",
      ),
    ).toMatch(/kyoto-2026\.yaml: blocks\.1: heading id "kyoto-notes" is already used by block 0/);
  });
});

describe("catalogueWorkRefs", () => {
  it("gives each work's title, slug and small image name", () => {
    const refs = catalogueWorkRefs(contentFolder());
    expect(refs.length).toBeGreaterThan(100);
    expect(refs.find((w) => w.slug === "the-magicians-chest")).toEqual({
      title: "The Magician's Chest",
      slug: "the-magicians-chest",
      image: "the-magicians-chest",
    });
  });
});
