import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { artworkNeighbours } from "#app/catalogue/artwork-neighbours.server.ts";
import { catalogueLister, galleryView } from "#app/catalogue/gallery-view.server.ts";
import { contentFolder } from "#app/content/content-registry.server.ts";
import { ContentError, contentDir } from "#app/content-files/content-files.server.ts";
import { DocumentSource } from "#app/content-files/content-source.server.ts";
import { loader as artworksApi } from "#app/routes/api.artworks.ts";
import { loader as workPage } from "#app/routes/art.$slug.tsx";
import { atomFeed } from "#app/seo/feed.ts";
import { sitemapXml } from "#app/seo/sitemap.ts";
import { snapshotFrom } from "./content-snapshot.server.ts";
import { ContentStore, contentStoreContext } from "./content-store.server.ts";

// Issue 23, "hide (draft) a work" (decision 042): a hidden work stays in the documents and in
// viewing rooms' catalogue, and is on no public page, list, sitemap, feed, API or neighbour link.
const files = contentFolder(contentDir()).all();
const slug = "brass-moth";

function storeWith(changes: Record<string, unknown>): ContentStore {
  const documents = new Map(files);
  for (const [path, data] of Object.entries(changes)) documents.set(path, data);
  return new ContentStore(snapshotFrom(new DocumentSource(documents)));
}

const hiding = () => ({ [`works/${slug}.md`]: { ...(files.get(`works/${slug}.md`) as object), hidden: true } });

function contextWith(store: ContentStore) {
  const context = new RouterContextProvider();
  context.set(contentStoreContext, store);
  return context;
}

describe("hidden works", () => {
  it("a shown work is everywhere, so the checks below can fail", () => {
    const store = storeWith({});
    expect(store.catalogue().find(slug)).toBeDefined();
    expect(sitemapXml("https://umbra.test", store)).toContain(`/art/${slug}<`);
  });

  it("are in the documents and the rooms' catalogue, and in no public catalogue, list or sitemap", () => {
    const store = storeWith(hiding());
    expect(store.workRecords().some((work) => work.slug === slug)).toBe(true);
    expect(store.catalogueWithHidden().find(slug)?.title).toBe("Brass Moth");
    expect(store.catalogue().find(slug)).toBeUndefined();
    expect(
      store
        .catalogue()
        .cards()
        .some((card) => card.slug === slug),
    ).toBe(false);
    expect(store.catalogue().artworks).toHaveLength(storeWith({}).catalogue().artworks.length - 1);
    expect(sitemapXml("https://umbra.test", store)).not.toContain(`/art/${slug}`);
    expect(atomFeed("https://umbra.test", store)).not.toContain(`/art/${slug}`);
    // The gallery's search finds it by no word of its title.
    const search = galleryView(new URLSearchParams({ q: "brass moth" }), catalogueLister(store.catalogue()));
    expect(search.ok && search.view.cards.some((card) => card.slug === slug)).toBe(false);
  });

  it("are no neighbour of a shown work, and have none", () => {
    const store = storeWith(hiding());
    const all = storeWith({}).catalogue();
    const before = all.cards().findIndex((card) => card.slug === slug);
    const neighbour = all.cards()[before + 1]?.slug ?? "";
    const links = artworkNeighbours(store.catalogue(), neighbour);
    expect([links?.previous?.slug, links?.next?.slug]).not.toContain(slug);
    expect(artworkNeighbours(store.catalogue(), slug)).toBeUndefined();
  });

  it("answer 404 on their page and are absent from the gallery's API", async () => {
    const context = contextWith(storeWith(hiding()));
    const thrown = await Promise.resolve()
      .then(() => workPage({ params: { slug }, context } as never))
      .catch((error: unknown) => error);
    expect((thrown as { init?: { status?: number } }).init?.status ?? (thrown as Response).status).toBe(404);
    const api = (await artworksApi({
      request: new Request("https://umbra.test/api/artworks?per=100&page=1"),
      context,
    } as never)) as Response;
    const body = (await api.json()) as { cards: { slug: string }[]; total: number };
    expect(body.cards.some((card) => card.slug === slug)).toBe(false);
    const shown = (await (
      (await artworksApi({
        request: new Request("https://umbra.test/api/artworks?per=100&page=1"),
        context: contextWith(storeWith({})),
      } as never)) as Response
    ).json()) as { total: number };
    expect(body.total).toBe(shown.total - 1);
  });

  it("cannot be hidden while a page or an exhibition shows it", () => {
    // A work no exhibition shows, named as the gallery's share work, then hidden.
    const exhibitionText = JSON.stringify([...files].filter(([path]) => path.startsWith("exhibitions/")));
    const free = [...files].find(
      ([p, d]) => p.startsWith("works/") && !exhibitionText.includes(`"${(d as { title: string }).title}"`),
    );
    if (!free) throw new Error("every work is in an exhibition");
    const freeSlug = free[0].slice("works/".length, -".md".length);
    const art = { ...(files.get("pages/art.yaml") as object), share_work: freeSlug };
    expect(storeWith({ "pages/art.yaml": art }).catalogue().find(freeSlug)).toBeDefined();
    const hideShared = { "pages/art.yaml": art, [free[0]]: { ...(free[1] as object), hidden: true } };
    expect(() => storeWith(hideShared)).toThrow(ContentError);
    expect(() => storeWith(hideShared)).toThrow(`pages/art.yaml: share_work: "${freeSlug}" is a hidden work`);
    const exhibitions = JSON.stringify([...files].filter(([path]) => path.startsWith("exhibitions/")));
    const shownTitle = exhibitions.match(/"works":\["([^"]+)"/)?.[1];
    const [path, work] =
      [...files].find(([p, d]) => p.startsWith("works/") && (d as { title: string }).title === shownTitle) ?? [];
    expect(() => storeWith({ [path ?? ""]: { ...(work as object), hidden: true } })).toThrow(/no work titled/);
  });

  it("`hidden` must be true or false; absent is shown", () => {
    const work = files.get(`works/${slug}.md`) as object;
    expect(() => storeWith({ [`works/${slug}.md`]: { ...work, hidden: "yes" } })).toThrow(
      /hidden: must be true or false/,
    );
    expect(
      storeWith({ [`works/${slug}.md`]: { ...work, hidden: false } })
        .catalogue()
        .find(slug),
    ).toBeDefined();
  });
});
