import { describe, expect, it } from "vitest";
import { contentFolder } from "#app/content/content-registry.server.ts";
import { contentDir } from "#app/content-files/content-files.server.ts";
import { DocumentSource } from "#app/content-files/content-source.server.ts";
import { contentCollections } from "./content-collections.server.ts";
import { snapshotFrom } from "./content-snapshot.server.ts";

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
});

describe("the build's snapshot (decision 053)", () => {
  it("is what checking its documents gives, and survives JSON unchanged (a start parses it instead of checking)", () => {
    const load = contentCollections.documents;
    if (!load) throw new Error("no documents collection");
    const { documents, snapshot } = load() as {
      documents: Record<string, unknown>;
      snapshot: unknown;
    };
    const written = JSON.parse(JSON.stringify(snapshot));
    expect(written).toStrictEqual(snapshotFrom(new DocumentSource(new Map(Object.entries(documents)), "content")));
    expect(written.collections.works.length).toBeGreaterThan(100);
  });
});

describe("what one document names in another", () => {
  const files = contentFolder(contentDir()).all();
  /** The repository's content with one document changed, as the database would hold it. */
  function withChange(path: string, change: (data: Record<string, unknown>) => Record<string, unknown>) {
    const documents = new Map(files);
    documents.set(path, change(files.get(path) as Record<string, unknown>));
    return new DocumentSource(documents);
  }

  it("refuses a gallery share work that is not a work", () => {
    expect(() => snapshotFrom(withChange("pages/art.yaml", (art) => ({ ...art, share_work: "no-such-work" })))).toThrow(
      'database/pages/art.yaml: share_work: "no-such-work" is not a work',
    );
  });

  it("refuses a page image that is not registered, naming the page and the field", () => {
    const about = files.get("pages/about.yaml") as { slides: { image: string; caption: string }[] };
    expect(() =>
      snapshotFrom(
        withChange("pages/about.yaml", (page) => ({
          ...page,
          slides: [{ ...about.slides[0], image: "about/no-such-slide" }, ...about.slides.slice(1)],
        })),
      ),
    ).toThrow('database/pages/about.yaml: slides.0.image: no page image "no-such-slide" in images/about.yaml');
  });

  it("accepts the repository's own content", () => {
    expect(() => snapshotFrom(new DocumentSource(files))).not.toThrow();
  });
});
