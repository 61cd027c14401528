import { describe, expect, it } from "vitest";
import { findLongForm, listLongForm } from "./long-form.server.ts";

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
    expect(diary?.note).toBeUndefined();
    expect(findLongForm("articles", "no-such-piece")).toBeUndefined();
    expect(findLongForm("articles", "one-artist-one-artwork-interview")).toBeUndefined();
  });
});
