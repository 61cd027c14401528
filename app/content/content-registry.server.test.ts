import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeSchema } from "#app/admin/content/form-schema.server.ts";
import { DocumentSource, readFolder } from "#app/content-files/content-source.server.ts";
import { sitemapEntries } from "#app/seo/sitemap.ts";
import { type CollectionType, type ContentRegistry, contentFolder, siteRegistry } from "./content-registry.server.ts";
import {
  documentKindLabel,
  documentSchema,
  documentsByGroup,
  documentTitle,
  editorGroups,
  isDocumentPath,
  publicPathOf,
  publicPaths,
} from "./content-registry-views.server.ts";
import { snapshotFrom } from "./content-snapshot.server.ts";
import { type ContentSnapshot, ContentStore } from "./content-store.server.ts";

// A collection the site does not have: press notices, one Markdown file each.
const pressSchema = z.strictObject({
  title: z.string().min(1),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  body: z.string().default("").meta({ long: true, markdown: true }),
});
const press = {
  folder: "press",
  format: { extension: ".md", bodyField: "body" },
  schema: pressSchema,
  label: "Press",
  itemLabel: "Press notice",
  read: (source) => readFolder(source, "press", pressSchema).map((entry) => ({ slug: entry.name, ...entry.data })),
  itemPath: (name) => `/press/${name}`,
  itemPaths: (notices) => (notices as { slug: string }[]).map((notice) => `/press/${notice.slug}`),
} satisfies CollectionType;

const withPress: ContentRegistry = { ...siteRegistry, collections: { ...siteRegistry.collections, press } };
const siteDocuments = contentFolder().all();

function documentsWithPress(): DocumentSource {
  const documents = new Map(siteDocuments);
  documents.set("press/opening-night.md", { title: "Opening night", date: "2026-11-01", body: "It *opened*." });
  return new DocumentSource(documents);
}

describe("the content registry", () => {
  it("derives the site's document paths, schemas and plain names from its entries", () => {
    expect(isDocumentPath("works/brass-moth.md")).toBe(true);
    expect(isDocumentPath("works/brass-moth.yaml")).toBe(false);
    expect(isDocumentPath("pages/about.yaml")).toBe(true);
    expect(isDocumentPath("../site.yaml")).toBe(false);
    expect(documentSchema("pages/about.yaml")).toBe(siteRegistry.pages.about.schema);
    expect(documentSchema("pages/no-such-page.yaml")).toBeUndefined();
    expect(documentTitle("pages/not-found.yaml", {})).toBe("Page not found");
    expect(documentTitle("works/brass-moth.md", { title: "Brass Moth" })).toBe("Brass Moth");
    expect(documentKindLabel("exhibitions/solo-london.yaml")).toBe("Exhibition");
    expect(editorGroups().map((group) => group.label)).toEqual([
      "Site settings",
      "Pages",
      "Works",
      "Exhibitions",
      "Articles",
      "Interviews",
      "Page images",
    ]);
  });

  it("gives the public address a document shows at, none for a hidden work", () => {
    const snapshot = snapshotFrom(contentFolder());
    expect(publicPathOf("pages/about.yaml", snapshot)).toBe("/about");
    const [shown] = snapshot.collections.works;
    expect(publicPathOf(`works/${shown?.slug}.md`, snapshot)).toBe(`/art/${shown?.slug}`);
    const hidden = {
      ...snapshot,
      collections: {
        ...snapshot.collections,
        works: snapshot.collections.works.map((work) => (work === shown ? { ...work, hidden: true } : work)),
      },
    };
    expect(publicPathOf(`works/${shown?.slug}.md`, hidden)).toBeUndefined();
    expect(publicPathOf("site.yaml", snapshot)).toBeUndefined();
  });

  describe("a new collection from one entry", () => {
    it("appears in the editor: its group, its paths, its form", () => {
      expect(isDocumentPath("press/opening-night.md")).toBe(false);
      expect(isDocumentPath("press/opening-night.md", withPress)).toBe(true);
      expect(editorGroups(withPress).at(-1)).toMatchObject({ folder: "press", label: "Press" });
      const groups = documentsByGroup([{ path: "press/opening-night.md" }, { path: "works/a.md" }], withPress);
      expect(groups.map((group) => group.label)).toEqual(["Works", "Press"]);
      expect(documentKindLabel("press/opening-night.md", withPress)).toBe("Press notice");
      const schema = documentSchema("press/opening-night.md", withPress);
      if (!schema) throw new Error("no schema for the new collection");
      const form = describeSchema(schema);
      expect(form.kind === "object" && form.fields.map((field) => [field.key, field.spec])).toEqual([
        ["title", { kind: "text", multiline: false, minLength: 1 }],
        ["date", { kind: "text", multiline: false }],
        ["body", { kind: "text", multiline: true, markdown: true }],
      ]);
    });

    it("enters the snapshot, checked as its schema says", () => {
      const snapshot = snapshotFrom(documentsWithPress(), withPress);
      expect(snapshot.collections.press).toEqual([
        { slug: "opening-night", title: "Opening night", date: "2026-11-01", body: "It *opened*." },
      ]);
      const broken = new Map(documentsWithPress().all());
      broken.set("press/opening-night.md", { title: "Opening night", date: "soon" });
      expect(() => snapshotFrom(new DocumentSource(broken), withPress)).toThrow(
        "database/press/opening-night.md: date",
      );
    });

    it("is in the public addresses and the sitemap", () => {
      const snapshot = snapshotFrom(documentsWithPress(), withPress);
      expect(publicPaths(snapshot, { prerendered: true }, withPress)).toContain("/press/opening-night");
      const store = new ContentStore(snapshot as unknown as ContentSnapshot);
      const paths = sitemapEntries(store, withPress).map((entry) => entry.path);
      expect(paths).toContain("/press/opening-night");
      expect(sitemapEntries(store).map((entry) => entry.path)).not.toContain("/press/opening-night");
      expect(paths).toEqual(expect.arrayContaining(["/", "/about", "/quotes", "/art"]));
    });
  });
});
