import { describe, expect, it } from "vitest";
import { contentCollections } from "./content-collections.server.ts";

// Every collection the app imports as `virtual:content/<name>` loads from the real content/
// folder: a file that breaks its schema fails here as it would fail the build.
describe("the site's content files", () => {
  for (const [name, load] of Object.entries(contentCollections)) {
    it(`virtual:content/${name} loads and is checked`, () => {
      const data = load();
      expect(typeof data).toBe("object");
      expect(JSON.parse(JSON.stringify(data))).toEqual(data);
    });
  }

  it("the gallery's share image names a real work", () => {
    const art = contentCollections["pages/art"]?.() as { share_work: string };
    const works = contentCollections.works?.() as { slug: string }[];
    expect(works.map((work) => work.slug)).toContain(art.share_work);
  });
});
