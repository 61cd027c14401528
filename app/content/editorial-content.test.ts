import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { contentFolder, readPage } from "#app/content/content-registry.server.ts";
import { aboutWithImages } from "./about.ts";
import { processContentStore } from "./content-store.server.ts";
import { prerenderPaths } from "./prerender-paths.ts";

const cvLinks = readPage(contentFolder(), "cv").sections.flatMap((s) =>
  s.entries.flatMap((e) => (e.link ? [e.link] : [])),
);
const store = processContentStore();
const about = aboutWithImages(readPage(contentFolder(), "about"), (collection, name) =>
  store.pageImage(collection, name),
);
const exhibitions = store.exhibitionLinks();

describe("editorial content", () => {
  it("About has SPEC.md's counts: 14 slides with captions, 6 transparent prints, 6 cards", () => {
    expect(about.slides).toHaveLength(14);
    for (const slide of about.slides) expect(slide.caption.length).toBeGreaterThan(5);
    expect(about.prints.images).toHaveLength(6);
    for (const print of about.prints.images) expect(print.transparent).toBe(true);
    expect(about.cards.items.map((c) => c.link).sort()).toEqual(["/art", ...exhibitions.map((e) => e.path)].sort());
  });

  it("every article and interview the CV links to exists as a Markdown file", () => {
    const pages = new Set(prerenderPaths());
    const internal = cvLinks.filter((h) => h.startsWith("/articles/") || h.startsWith("/interviews/"));
    expect(internal.length).toBeGreaterThanOrEqual(16);
    for (const href of internal) expect(pages, href).toContain(href);
  });

  it("the CV lists SPEC.md's links: the boy and the plant twice, the PDF, one external interview", () => {
    expect(cvLinks.filter((h) => h === "/articles/the-boy-and-the-plant")).toHaveLength(2);
    expect(cvLinks).toContain("/files/umbra-secrets-catalogue-full.pdf");
    expect(cvLinks.filter((h) => h.startsWith("/interviews/"))).toHaveLength(11);
    expect(cvLinks.filter((h) => /^https?:/.test(h))).toHaveLength(1);
  });

  it("prerenders every editorial page, article and interview", () => {
    const paths = prerenderPaths();
    for (const p of ["/about", "/cv", "/prices", "/merch", "/contact", "/articles", "/interviews", "/exhibitions"])
      expect(paths).toContain(p);
    for (const e of exhibitions) expect(paths).toContain(e.path);
    for (const kind of ["articles", "interviews"]) {
      for (const file of fs.readdirSync(path.resolve("content", kind))) {
        expect(paths).toContain(`/${kind}/${file.replace(/\.md$/, "")}`);
      }
    }
  });
});
