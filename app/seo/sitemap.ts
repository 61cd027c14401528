import type { ContentStore } from "#app/content/content-store.server.ts";
import { listLongForm } from "#app/content/long-form.server.ts";
import { imageInfo } from "#app/images/image-info.server.ts";
import { jpegUrl } from "#app/images/image-urls.ts";
import { absoluteUrl } from "./social-meta.ts";
import { escapeXml } from "./xml.ts";

interface SitemapEntry {
  path: string;
  images?: { path: string; title: string }[];
}

/** Every public page, with each artwork's picture. */
export function sitemapEntries(content: ContentStore): SitemapEntry[] {
  const pages = [
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
  ];
  return [
    ...pages.map((path) => ({ path })),
    ...content.exhibitionLinks().map((e) => ({ path: e.path })),
    ...content.catalogue().artworks.map((a) => ({
      path: `/art/${a.slug}`,
      images: [{ path: jpegUrl(imageInfo("artworks", a.imageLarge), 1920), title: a.title }],
    })),
    ...listLongForm(content, "articles").map((piece) => ({ path: `/articles/${piece.slug}` })),
    ...listLongForm(content, "interviews").map((piece) => ({ path: `/interviews/${piece.slug}` })),
  ];
}

/** The sitemap with every URL under `origin` (PUBLIC_URL's). */
export function sitemapXml(origin: string, content: ContentStore, entries = sitemapEntries(content)): string {
  const urls = entries.map((entry) => {
    const images = (entry.images ?? [])
      .map(
        (i) =>
          `<image:image><image:loc>${escapeXml(absoluteUrl(i.path, origin))}</image:loc><image:title>${escapeXml(i.title)}</image:title></image:image>`,
      )
      .join("");
    return `<url><loc>${escapeXml(absoluteUrl(entry.path, origin))}</loc>${images}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n${urls.join("\n")}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api\n\nSitemap: ${absoluteUrl("/sitemap.xml", origin)}\n`;
}
