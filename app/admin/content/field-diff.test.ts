import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { type FieldChange, fieldDiff } from "./field-diff.ts";
import { findFieldChange, withFieldRestored } from "./field-restore.ts";
import type { FieldSpec } from "./form-fields.ts";
import { wordDiff } from "./word-diff.ts";

const about = parse(fs.readFileSync("content/pages/about.yaml", "utf8")) as Record<string, unknown> & {
  biography: { heading: string; paragraphs: string[] };
  cards: { items: { title: string; image: string }[] };
};
const text = (multiline = false): FieldSpec => ({ kind: "text", multiline });
/** A small page's form: a title, paragraphs, a gallery of images with captions. */
const spec: FieldSpec = {
  kind: "object",
  fields: [
    { key: "title", label: "Title", optional: false, spec: text() },
    { key: "paragraphs", label: "Paragraphs", optional: false, spec: { kind: "list", item: text(true) } },
    {
      key: "gallery",
      label: "Gallery",
      optional: true,
      spec: {
        kind: "list",
        item: {
          kind: "object",
          fields: [
            { key: "image", label: "Image", optional: false, spec: text() },
            { key: "caption", label: "Caption", optional: false, spec: text(true) },
          ],
        },
      },
    },
  ],
};
const page = {
  title: "Old",
  paragraphs: ["One.", "Two.", "Three."],
  gallery: [
    { image: "about/card-icva", caption: "First" },
    { image: "about/card-peru", caption: "Second" },
  ],
};
const copy = () => structuredClone(page);
const summary = (changes: FieldChange[]) => changes.map((change) => `${change.kind} ${change.label}`);

describe("fieldDiff", () => {
  it("finds nothing between identical documents", () => {
    expect(fieldDiff(page, copy(), spec)).toEqual([]);
    expect(fieldDiff(about, structuredClone(about), undefined)).toEqual([]);
  });

  it("names a changed short field by its label, with its old and new value", () => {
    const [change, ...rest] = fieldDiff(page, { ...copy(), title: "New" }, spec);
    expect(rest).toEqual([]);
    expect(change).toMatchObject({
      kind: "changed",
      label: "Title",
      key: "changed:title",
      show: { as: "values", before: { text: "Old" }, after: { text: "New" } },
    });
  });

  it("aligns list items: an inserted paragraph is one addition, not every later one changed", () => {
    const after = copy();
    after.paragraphs.splice(1, 0, "New two.");
    expect(summary(fieldDiff(page, after, spec))).toEqual(["added Paragraphs › 2"]);
    const removed = copy();
    removed.paragraphs.splice(0, 1);
    const changes = fieldDiff(page, removed, spec);
    expect(summary(changes)).toEqual(["removed Paragraphs › 1"]);
    expect(changes[0]?.show).toEqual({ as: "values", before: { text: "One." }, after: undefined });
  });

  it("goes into a list item changed in place: Gallery › 2 › Caption", () => {
    const after = copy();
    (after.gallery[1] as { caption: string }).caption = "Second, retitled";
    const [change] = fieldDiff(page, after, spec);
    expect(change?.label).toBe("Gallery › 2 › Caption");
    expect(change?.path).toEqual(["gallery", 1, "caption"]);
  });

  it("shows long text and paragraphs word by word", () => {
    const after = { ...copy(), paragraphs: ["One.", "Two, and a half.", "Three."] };
    const [change] = fieldDiff(page, after, spec);
    expect(change?.label).toBe("Paragraphs › 2");
    expect(change?.show).toEqual({
      as: "words",
      parts: [
        { kind: "same", text: "Two" },
        { kind: "added", text: ", and a half" },
        { kind: "same", text: "." },
      ],
    });
  });

  it("shows an image reference as the image, before and after", () => {
    const after = copy();
    (after.gallery[0] as { image: string }).image = "about/card-london";
    const [change] = fieldDiff(page, after, spec);
    expect(change?.label).toBe("Gallery › 1 › Image");
    expect(change?.show).toEqual({
      as: "values",
      before: { image: { collection: "about", name: "card-icva" } },
      after: { image: { collection: "about", name: "card-london" } },
    });
    // `{ collection, name }` is an image too, not two fields.
    const objects = fieldDiff(
      { feature: { collection: "miami", name: "a" } },
      { feature: { collection: "miami", name: "b" } },
      undefined,
    );
    expect(summary(objects)).toEqual(["changed Feature"]);
  });

  it("shows an added list item by its title and picture", () => {
    const after = copy();
    after.gallery.push({ image: "about/card-miami", caption: "Third" });
    const [change] = fieldDiff(page, after, spec);
    expect(change).toMatchObject({ kind: "added", label: "Gallery › 3", path: ["gallery", 2] });
    expect(change?.show).toEqual({
      as: "values",
      before: undefined,
      after: { text: "Third", image: { collection: "about", name: "card-miami" } },
    });
  });

  it("reads the About page's real fields with the editor's labels", () => {
    const after = structuredClone(about);
    after.biography.heading = "The life";
    (after.cards.items[2] as { title: string }).title = "Secrets, London";
    expect(summary(fieldDiff(about, after, undefined))).toEqual([
      "changed Biography › Heading",
      "changed Cards › Items › 3 › Title",
    ]);
  });

  it("a revision that deleted the document is one change of the whole", () => {
    expect(summary(fieldDiff(null, page, spec))).toEqual(["added The whole document"]);
    expect(fieldDiff(null, page, spec)[0]?.path).toEqual([]);
  });
});

describe("wordDiff", () => {
  it("keeps the words around one changed word", () => {
    expect(wordDiff("The cat sat on the mat.", "The dog sat on the mat.")).toEqual([
      { kind: "same", text: "The " },
      { kind: "removed", text: "cat" },
      { kind: "added", text: "dog" },
      { kind: "same", text: " sat on the mat." },
    ]);
  });

  it("reads changes with only spaces between them as one replacement", () => {
    expect(wordDiff("keep a b c keep", "keep x y z keep")).toEqual([
      { kind: "same", text: "keep " },
      { kind: "removed", text: "a b c" },
      { kind: "added", text: "x y z" },
      { kind: "same", text: " keep" },
    ]);
  });

  it("reads a full stop added to a word as the stop, not the word replaced", () => {
    expect(wordDiff("grow on screen", "grow on screen.")).toEqual([
      { kind: "same", text: "grow on screen" },
      { kind: "added", text: "." },
    ]);
  });

  it("compares a long body paragraph by paragraph: edits far apart stay small", () => {
    const body = Array.from({ length: 400 }, (_, i) => `Paragraph ${i} says something about the plants.`);
    const edited = body.map((paragraph, i) => (i % 50 === 0 ? paragraph.replace("plants", "people") : paragraph));
    const parts = wordDiff(body.join("\n\n"), edited.join("\n\n"));
    expect(parts.filter((part) => part.kind === "removed").map((part) => part.text)).toEqual(Array(8).fill("plants"));
    expect(parts.filter((part) => part.kind === "added").map((part) => part.text)).toEqual(Array(8).fill("people"));
  });

  it("joined back, each side is its text", () => {
    const before = "Markdown **bold** and a [link](/art).\n\nA second paragraph stays.";
    const after = "Markdown *emphasis* and a [link](/art).\n\nA second paragraph stays, longer.";
    const parts = wordDiff(before, after);
    expect(
      parts
        .filter((p) => p.kind !== "added")
        .map((p) => p.text)
        .join(""),
    ).toBe(before);
    expect(
      parts
        .filter((p) => p.kind !== "removed")
        .map((p) => p.text)
        .join(""),
    ).toBe(after);
  });
});

describe("restoring one field", () => {
  const restore = (earlier: unknown, live: unknown, key: string) => {
    const change = findFieldChange(earlier, live, spec, key);
    if (!change) throw new Error(`no change ${key}`);
    return withFieldRestored(live, change);
  };

  it("sets back only that field, keeping every other change", () => {
    const live = { ...copy(), title: "New", paragraphs: ["One.", "Two!", "Three."] };
    expect(restore(page, live, "changed:title")).toEqual({ ...live, title: "Old" });
    expect(live.title).toBe("New");
  });

  it("takes out an added item and puts a removed one back where it stood", () => {
    const added = copy();
    added.paragraphs.splice(1, 0, "Inserted.");
    expect(restore(page, added, "added:paragraphs.1")).toEqual(page);
    const removed = copy();
    removed.paragraphs.splice(1, 1);
    expect(restore(page, removed, "removed:paragraphs.1")).toEqual(page);
    const noGallery: Record<string, unknown> = copy();
    delete noGallery.gallery;
    expect(restore(page, noGallery, "removed:gallery")).toEqual(page);
  });

  it("finds no change for a field that does not differ, or the whole document", () => {
    expect(findFieldChange(page, copy(), spec, "changed:title")).toBeUndefined();
    expect(findFieldChange(null, page, spec, "added:")).toBeUndefined();
  });
});
