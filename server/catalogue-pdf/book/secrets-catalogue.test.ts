import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SECRETS_EXHIBITION, secretsCatalogue } from "./secrets-catalogue.ts";

describe("secretsCatalogue", () => {
  it("prints the Solo London page's twelve works, in hanging order, and the four essays in full from the content files", () => {
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
    for (const essay of catalogue.essays) {
      const words = essay.blocks.flatMap((block) => block.text.split(" ")).length;
      // "In full": long enough to fill five to eight book pages.
      expect(words, essay.title).toBeGreaterThanOrEqual(2000);
      expect(essay.blocks.filter((block) => block.kind === "heading").length, essay.title).toBeGreaterThanOrEqual(4);
      expect(essay.abstract.length).toBeGreaterThan(40);
    }
    expect(
      catalogue.foreword.blocks.some((block) => block.kind === "heading" && block.text === "Acknowledgements"),
    ).toBe(true);
  });

  it("has no stand-in or placeholder wording in any of its texts", () => {
    const folder = path.join("content", "exhibitions", SECRETS_EXHIBITION);
    const files = [
      "catalogue.yaml",
      "foreword.md",
      ...fs.readdirSync(path.join(folder, "essays")).map((f) => `essays/${f}`),
    ];
    for (const file of files)
      expect(fs.readFileSync(path.join(folder, file), "utf8"), file).not.toMatch(
        /stand-in|placeholder|lorem|ipsum|TODO/i,
      );
  });
});

describe("secretsCatalogue with a broken catalogue folder", () => {
  let dir = "";
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A copy of the content folder with one catalogue file rewritten. */
  function contentWith(file: string, edit: (text: string) => string): string {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "secrets-catalogue-"));
    fs.cpSync("content", dir, { recursive: true });
    const target = path.join(dir, "exhibitions", SECRETS_EXHIBITION, file);
    fs.writeFileSync(target, edit(fs.readFileSync(target, "utf8")));
    return dir;
  }

  it("refuses an essay path that leaves the catalogue folder", () => {
    const content = contentWith("catalogue.yaml", (t) =>
      t.replace("essays/rooms-that-keep-secrets.md", "../../pages/about.yaml"),
    );
    expect(() => secretsCatalogue(content)).toThrow(
      /catalogue\.yaml: essays\.0\.text: must name a Markdown file in the catalogue folder/,
    );
  });

  it("refuses an essay file whose title differs from its catalogue.yaml entry", () => {
    const content = contentWith("essays/ontology-in-the-shade.md", (t) =>
      t.replace("title: Ontology in the Shade", "title: Ontology"),
    );
    expect(() => secretsCatalogue(content)).toThrow(
      /ontology-in-the-shade\.md: title: must match catalogue\.yaml's essay entry "Ontology in the Shade" \(got "Ontology"\)/,
    );
  });

  it("names the essay file and the character when an essay cannot be printed", () => {
    const content = contentWith("essays/against-the-signature.md", (t) =>
      t.replace("A signature is a small thing.", "A signature ≈ a small thing."),
    );
    expect(() => secretsCatalogue(content)).toThrow(/against-the-signature\.md: body: "≈" \(U\+2248, body line 1\)/);
  });

  it("names catalogue.yaml when its imprint cannot be printed", () => {
    const content = contentWith("catalogue.yaml", (t) => t.replace("Umbra Studio, London", "Umbra Studio → London"));
    expect(() => secretsCatalogue(content)).toThrow(/catalogue\.yaml: imprint\.1: "→" \(U\+2192\) cannot be printed/);
  });
});
