import { describe, expect, it } from "vitest";
import { processContentStore } from "#app/content/content-store.server.ts";
import { listLongForm } from "#app/content/long-form.server.ts";

const content = processContentStore();

import { atomFeed, feedPieces } from "./feed.ts";

const origin = "https://art.example.org";

/** The text of each <entry>'s first <tag>, in order. */
const entryValues = (xml: string, tag: string) =>
  [...xml.matchAll(/<entry>(.*?)<\/entry>/gs)].map(
    (m) => new RegExp(`<${tag}[^>]*>([^<]*)</${tag}>`).exec(m[1] ?? "")?.[1],
  );

describe("Atom feed", () => {
  it("has one entry per article and interview, newest first, linking under the configured origin", () => {
    const xml = atomFeed(origin, content);
    const pieces = [...listLongForm(content, "articles"), ...listLongForm(content, "interviews")];
    expect(entryValues(xml, "id")).toHaveLength(pieces.length);
    for (const piece of pieces) {
      expect(xml).toContain(`<link rel="alternate" type="text/html" href="${origin}/${piece.kind}/${piece.slug}"/>`);
    }
    const updated = entryValues(xml, "updated") as string[];
    expect(updated).toEqual([...updated].sort().reverse());
    expect(xml).not.toContain("umbra.example");
  });

  it("is a valid Atom document head: self link, feed id and updated = the newest piece", () => {
    const xml = atomFeed(origin, content);
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">')).toBe(
      true,
    );
    expect(xml).toContain(`<link rel="self" type="application/atom+xml" href="${origin}/feed.xml"/>`);
    expect(xml).toContain(`<id>${origin}/feed.xml</id>`);
    expect(xml).toMatch(new RegExp(`<updated>${feedPieces(content)[0]?.date}T00:00:00Z</updated>\\n<author>`));
  });

  it("escapes titles and summaries and names each piece's author or interviewer", () => {
    const xml = atomFeed(origin, content, [
      {
        kind: "interviews",
        slug: "q-and-a",
        title: "Light & <shade>",
        interviewer: "R. O'Neil",
        publication: "Zine",
        date: "2025-02-03",
        summary: 'Talk about "nothing"',
      },
    ]);
    expect(xml).toContain("<title>Light &amp; &lt;shade&gt;</title>");
    expect(xml).toContain("<author><name>R. O&apos;Neil</name></author>");
    expect(xml).toContain("<summary>Talk about &quot;nothing&quot;</summary>");
    expect(xml).toContain("<published>2025-02-03T00:00:00Z</published>");
  });
});
