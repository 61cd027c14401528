import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { contentFolder } from "#app/content/content-registry.server.ts";
import {
  bundledContent,
  type ContentSnapshot,
  ContentStore,
  contentStoreContext,
  processContentStore,
} from "./content-store.server.ts";
import { loadSiteSettings } from "./site-settings.server.ts";

function editedSnapshot(): ContentSnapshot {
  const bundled = bundledContent();
  return {
    ...bundled,
    site: { ...bundled.site, brand: "Another Studio" },
    pages: { ...bundled.pages, about: { ...bundled.pages.about, title: "About, edited" } },
    collections: { ...bundled.collections, exhibitions: bundled.collections.exhibitions.slice(1) },
  };
}

describe("ContentStore", () => {
  it("reads what the build bundled: the same settings the files hold", () => {
    const store = new ContentStore(bundledContent());
    expect(store.siteSettings()).toEqual(loadSiteSettings(contentFolder()));
    expect(store.page("about").title.length).toBeGreaterThan(0);
    expect(store.workRecords().length).toBeGreaterThan(100);
    const [first] = store.exhibitionLinks();
    expect(first).toBeDefined();
    expect(store.findExhibition(first?.slug)?.title).toBe(first?.title);
    expect(store.findExhibition("no-such-exhibition")).toBeUndefined();
    expect(store.findExhibition(undefined)).toBeUndefined();
    expect(store.longForm("articles").length).toBeGreaterThan(0);
    expect(Object.keys(store.pageImages()).length).toBeGreaterThan(0);
  });

  it("replaces all content at once, bumps its version and tells its listeners", () => {
    const store = new ContentStore(bundledContent());
    const removed = store.exhibitionLinks()[0]?.slug;
    const heard: number[] = [];
    const stop = store.onChange((version) => heard.push(version));
    expect(store.version).toBe(1);

    store.replace(editedSnapshot());

    expect(store.version).toBe(2);
    expect(heard).toEqual([2]);
    expect(store.siteSettings().brand).toBe("Another Studio");
    expect(store.page("about").title).toBe("About, edited");
    // Derived views follow the new snapshot too.
    expect(store.exhibitionLinks().map((link) => link.slug)).not.toContain(removed);
    expect(store.findExhibition(removed)).toBeUndefined();

    stop();
    store.replace(bundledContent());
    expect(store.version).toBe(3);
    expect(heard).toEqual([2]);
    expect(store.findExhibition(removed)?.slug).toBe(removed);
  });

  it("is what a render without services reads: the process's one store", () => {
    expect(new RouterContextProvider().get(contentStoreContext)).toBe(processContentStore());
  });
});
