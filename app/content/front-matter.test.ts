import { describe, expect, it } from "vitest";
import { splitFrontMatter } from "./front-matter";

describe("splitFrontMatter", () => {
  it("reads plain and quoted values and returns the body after the fence", () => {
    const { data, body } = splitFrontMatter(
      '---\ntitle: "Portals: Quantum Folders"\nauthor: Umbra\n---\n\nHello *world*\n',
    );
    expect(data).toEqual({ title: "Portals: Quantum Folders", author: "Umbra" });
    expect(body.trim()).toBe("Hello *world*");
  });

  it("keeps colons inside unquoted values", () => {
    expect(splitFrontMatter("---\ntitle: A: B\n---\nx").data.title).toBe("A: B");
  });

  it("treats a file without front matter as all body", () => {
    expect(splitFrontMatter("# Just text")).toEqual({ data: {}, body: "# Just text" });
  });

  it("rejects a line that is not key: value", () => {
    expect(() => splitFrontMatter("---\nnot a pair\n---\nx")).toThrow(/key: value/);
  });
});
