import { describe, expect, it } from "vitest";
import type { FieldSpec } from "./form-fields.ts";
import { conflictKeys, threeWayMerge, WHOLE_DOCUMENT } from "./three-way-merge.ts";

const text: FieldSpec = { kind: "text", multiline: false };
const spec: FieldSpec = {
  kind: "object",
  fields: [
    { key: "heading", label: "Heading", optional: false, spec: text },
    { key: "eyebrow", label: "Eyebrow", optional: true, spec: text },
    {
      key: "biography",
      label: "Biography",
      optional: false,
      spec: {
        kind: "object",
        fields: [
          { key: "heading", label: "Heading", optional: false, spec: text },
          { key: "paragraphs", label: "Paragraphs", optional: false, spec: { kind: "list", item: text } },
        ],
      },
    },
  ],
};
const base = {
  heading: "About",
  eyebrow: "The artist",
  biography: { heading: "Biography", paragraphs: ["One.", "Two.", "Three."] },
};
const withChange = (change: (value: typeof base) => void) => {
  const value = structuredClone(base);
  change(value);
  return value;
};

describe("three-way merge by field", () => {
  it("takes a field only they changed", () => {
    const theirs = withChange((value) => (value.heading = "About Umbra"));
    const merge = threeWayMerge(base, theirs, base, spec);
    expect(merge.value).toEqual(theirs);
    expect(merge.units).toMatchObject([{ key: "heading", state: "theirs", label: "Heading" }]);
    expect(merge.unresolved).toEqual([]);
  });

  it("takes a field only I changed", () => {
    const mine = withChange((value) => (value.eyebrow = "The painter"));
    const merge = threeWayMerge(base, base, mine, spec);
    expect(merge.value).toEqual(mine);
    expect(merge.units).toMatchObject([{ key: "eyebrow", state: "mine" }]);
  });

  it("keeps both sides' edits of different fields, nested and in a list, without asking", () => {
    const theirs = withChange((value) => {
      value.heading = "About Umbra";
      value.biography.paragraphs[0] = "One, theirs.";
    });
    const mine = withChange((value) => {
      value.biography.heading = "Life";
      value.biography.paragraphs[2] = "Three, mine.";
    });
    const merge = threeWayMerge(base, theirs, mine, spec);
    expect(merge.value).toEqual({
      heading: "About Umbra",
      eyebrow: "The artist",
      biography: { heading: "Life", paragraphs: ["One, theirs.", "Two.", "Three, mine."] },
    });
    expect(merge.units.map((unit) => [unit.label, unit.state])).toEqual([
      ["Heading", "theirs"],
      ["Biography › Heading", "mine"],
      ["Biography › Paragraphs › 1", "theirs"],
      ["Biography › Paragraphs › 3", "mine"],
    ]);
    expect(conflictKeys(merge)).toEqual([]);
  });

  it("keeps a change both made alike, once", () => {
    const both = withChange((value) => (value.heading = "Same"));
    const merge = threeWayMerge(base, both, structuredClone(both), spec);
    expect(merge.value).toEqual(both);
    expect(merge.units).toMatchObject([{ key: "heading", state: "both" }]);
  });

  it("asks when both changed one field differently, keeping theirs until I choose mine", () => {
    const theirs = withChange((value) => (value.biography.paragraphs[1] = "Two, theirs."));
    const mine = withChange((value) => (value.biography.paragraphs[1] = "Two, mine."));
    const asked = threeWayMerge(base, theirs, mine, spec);
    expect(conflictKeys(asked)).toEqual(["biography.paragraphs.1"]);
    expect(asked.unresolved).toEqual(["biography.paragraphs.1"]);
    expect(asked.units[0]?.label).toBe("Biography › Paragraphs › 2");
    const chosen = threeWayMerge(base, theirs, mine, spec, { "biography.paragraphs.1": "mine" });
    expect(chosen.unresolved).toEqual([]);
    expect((chosen.value as typeof base).biography.paragraphs).toEqual(["One.", "Two, mine.", "Three."]);
  });

  it("treats a list whose length both changed as one field, so no item is guessed away", () => {
    const theirs = withChange((value) => value.biography.paragraphs.push("Four."));
    const mine = withChange((value) => (value.biography.paragraphs[0] = "One, mine."));
    const merge = threeWayMerge(base, theirs, mine, spec);
    expect(conflictKeys(merge)).toEqual(["biography.paragraphs"]);
    expect((merge.value as typeof base).biography.paragraphs).toHaveLength(4);
    const mineKept = threeWayMerge(base, theirs, mine, spec, { "biography.paragraphs": "mine" });
    expect((mineKept.value as typeof base).biography.paragraphs).toEqual(["One, mine.", "Two.", "Three."]);
  });

  it("merges a field added by one side and one removed by the other", () => {
    const theirs = withChange((value) => Object.assign(value, { eyebrow: undefined }));
    delete (theirs as Partial<typeof base>).eyebrow;
    const mine = { ...base, extra: "new" };
    const merge = threeWayMerge(base, theirs, mine, spec);
    expect(merge.value).toEqual({ heading: "About", biography: base.biography, extra: "new" });
    expect(merge.units.map((unit) => unit.state)).toEqual(["theirs", "mine"]);
  });

  it("asks about the whole document when they deleted it and I changed it", () => {
    const mine = withChange((value) => (value.heading = "Mine"));
    const merge = threeWayMerge(base, null, mine, spec);
    expect(conflictKeys(merge)).toEqual([WHOLE_DOCUMENT]);
    expect(merge.units[0]?.label).toBe("The whole document");
    expect(merge.value).toBeUndefined();
    expect(threeWayMerge(base, null, mine, spec, { [WHOLE_DOCUMENT]: "mine" }).value).toEqual(mine);
    // Untouched on my side, their delete stands.
    expect(threeWayMerge(base, null, structuredClone(base), spec).value).toBeUndefined();
  });
});
