import { describe, expect, it } from "vitest";
import { robotsTxt, sitemapXml } from "./sitemap";

describe("sitemap and robots", () => {
  it("lists every public page, each artwork with its image", () => {
    const xml = sitemapXml();
    for (const path of ["/", "/about", "/art", "/cv", "/prices", "/merch", "/quotes", "/contact"]) {
      expect(xml).toContain(`<loc>https://umbra.example${path}</loc>`);
    }
    expect(xml).toContain("<loc>https://umbra.example/exhibitions/solo-exhibition-london-2024</loc>");
    expect(xml).toContain(
      "<loc>https://umbra.example/art/the-magicians-chest</loc><image:image><image:loc>https://umbra.example/img/artworks-1920/the-magicians-chest.jpg</image:loc><image:title>The Magician&apos;s Chest</image:title>",
    );
    expect(xml).not.toContain("/admin");
  });

  it("keeps crawlers out of the admin and the API and points at the sitemap", () => {
    expect(robotsTxt()).toContain("Disallow: /admin\nDisallow: /api");
    expect(robotsTxt()).toContain("Sitemap: https://umbra.example/sitemap.xml");
  });
});
