import { describe, expect, it } from "vitest";
import { processContentStore } from "#app/content/content-store.server.ts";
import { listLongForm } from "#app/content/long-form.server.ts";

const content = processContentStore();

import { robotsTxt, sitemapXml } from "./sitemap.ts";

const origin = "https://art.example.org";

describe("sitemap and robots", () => {
  it("lists every public page under the configured origin, each artwork with its image", () => {
    const xml = sitemapXml(origin, content);
    for (const path of [
      "/",
      "/about",
      "/art",
      "/cv",
      "/prices",
      "/merch",
      "/quotes",
      "/contact",
      "/exhibitions",
      "/articles",
      "/interviews",
    ]) {
      expect(xml).toContain(`<loc>${origin}${path}</loc>`);
    }
    expect(xml).toContain(`<loc>${origin}/exhibitions/solo-exhibition-london-2024</loc>`);
    expect(xml).toContain(
      `<loc>${origin}/art/the-magicians-chest</loc><image:image><image:loc>${origin}/img/artworks-1920/the-magicians-chest.jpg</image:loc><image:title>The Magician&apos;s Chest</image:title>`,
    );
    expect(xml).not.toContain("/admin");
    expect(xml).not.toContain("umbra.example");
  });

  it("lists every article and interview", () => {
    const xml = sitemapXml(origin, content);
    const articles = listLongForm(content, "articles");
    const interviews = listLongForm(content, "interviews");
    expect(articles.length).toBeGreaterThan(0);
    expect(interviews.length).toBeGreaterThan(0);
    for (const piece of articles) expect(xml).toContain(`<loc>${origin}/articles/${piece.slug}</loc>`);
    for (const piece of interviews) expect(xml).toContain(`<loc>${origin}/interviews/${piece.slug}</loc>`);
  });

  it("keeps crawlers out of the admin and the API and points at the sitemap on the configured origin", () => {
    expect(robotsTxt(origin)).toContain("Disallow: /admin\nDisallow: /api");
    expect(robotsTxt(origin)).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });
});
