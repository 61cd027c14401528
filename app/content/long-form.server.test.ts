import { describe, expect, it } from "vitest";
import { processContentStore } from "./content-store.server.ts";
import { findLongForm as findIn, listLongForm as listIn } from "./long-form.server.ts";

const content = processContentStore();
const listLongForm = (kind: "articles" | "interviews") => listIn(content, kind);
const findLongForm = (kind: "articles" | "interviews", slug: string) => findIn(content, kind, slug);

describe("articles and interviews", () => {
  it("parses every Markdown file's front matter and body, newest first", () => {
    const articles = listLongForm("articles");
    const interviews = listLongForm("interviews");
    expect(articles).toHaveLength(5);
    expect(interviews).toHaveLength(11);
    for (const piece of [...articles, ...interviews]) {
      expect(piece.title.length).toBeGreaterThan(3);
      expect(piece.publication.length).toBeGreaterThan(2);
    }
    for (const a of articles) expect(a.author).toBeTruthy();
    for (const i of interviews) expect(i.interviewer).toBeTruthy();
    const dates = articles.map((a) => a.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("renders Markdown to HTML and finds by slug", () => {
    const diary = findLongForm("articles", "the-amazon-diaries-a-month-studying-plant-spirits");
    expect(diary?.html).toContain("<h2>Day one</h2>");
    expect(diary?.html).toContain("<h2>Day eighty-four</h2>");
    // The full diary: about 12,000 words (SPEC.md and the Peru page), with no note about a shorter text.
    expect(diary?.note).toBeUndefined();
    const words = (diary?.html ?? "")
      .replace(/<[^>]+>/g, " ")
      .split(/\s+/)
      .filter(Boolean).length;
    expect(words).toBeGreaterThan(11_500);
    expect(words).toBeLessThan(12_500);
    expect(findLongForm("articles", "no-such-piece")).toBeUndefined();
    expect(findLongForm("articles", "one-artist-one-artwork-interview")).toBeUndefined();
  });
});
