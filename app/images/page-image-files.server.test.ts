import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { contentFolder } from "#app/content/content-registry.server.ts";
import { STAND_IN_KINDS } from "#app/images/stand-in-kinds.ts";
import { imagesDir, readPageImages } from "./page-image-files.server.ts";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-page-images-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

let cases = 0;
/** A content folder whose images/studio.yaml holds `yaml`; returns the error message its read throws. */
function problemWith(yaml: string): string {
  const dir = path.join(scratch, `case-${++cases}`);
  fs.mkdirSync(path.join(dir, "images"), { recursive: true });
  fs.writeFileSync(path.join(dir, "images", "studio.yaml"), yaml);
  try {
    readPageImages(contentFolder(dir));
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected the registry to be refused");
}

describe("page-image registry kinds", () => {
  it("names every image's kind in the real content files, from the allowed kinds", () => {
    const files = fs.readdirSync(imagesDir()).filter((file) => file.endsWith(".yaml"));
    expect(files.length).toBeGreaterThanOrEqual(8);
    for (const file of files) {
      const entries = parse(fs.readFileSync(path.join(imagesDir(), file), "utf8")) as { name: string; kind?: string }[];
      for (const entry of entries) {
        expect(STAND_IN_KINDS, `${file}: ${entry.name}`).toContain(entry.kind);
      }
    }
  });

  it("reads kind, tone and label into the registry", () => {
    const registry = readPageImages(contentFolder());
    expect(registry.partnership?.find((image) => image.name === "icva-logo")).toMatchObject({
      kind: "logo",
      label: "Institute of Contemporary Visionary Art",
      transparent: true,
    });
    expect(registry.miami?.find((image) => image.name === "feature")).toMatchObject({
      kind: "installation",
      tone: "dark",
    });
  });

  it("refuses an unknown kind, naming the kinds it accepts", () => {
    expect(problemWith("- name: bench\n  alt: The bench\n  aspect: 4/3\n  kind: photo\n")).toMatch(
      /images\/studio\.yaml: 0\.kind: must be one of artwork, installation, studio, portrait, logo, object, landscape \(got "photo"\)/,
    );
  });

  it("refuses an image without a kind, saying what to write", () => {
    expect(problemWith("- name: bench\n  alt: The bench\n  aspect: 4/3\n")).toMatch(
      /0\.kind: is required: what the image shows, one of artwork, installation/,
    );
  });

  it("refuses an unknown tone and an oversized label", () => {
    expect(problemWith("- name: bench\n  alt: The bench\n  aspect: 4/3\n  kind: studio\n  tone: dusk\n")).toMatch(
      /0\.tone: must be light or dark/,
    );
    expect(problemWith(`- name: logo\n  alt: A logo\n  aspect: 1\n  kind: logo\n  label: ${"A".repeat(81)}\n`)).toMatch(
      /0\.label:/,
    );
  });

  it("refuses an unknown arrangement, and an arrangement on an image that is not an object", () => {
    expect(problemWith("- name: print\n  alt: A print\n  aspect: 1\n  kind: object\n  arrangement: scroll\n")).toMatch(
      /0\.arrangement: must be one of book, print, notebooks \(got "scroll"\)/,
    );
    expect(
      problemWith("- name: bench\n  alt: The bench\n  aspect: 4/3\n  kind: studio\n  arrangement: book\n"),
    ).toMatch(/0\.arrangement: is only for images of kind "object"/);
  });
});
