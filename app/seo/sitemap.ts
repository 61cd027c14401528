import { type ContentRegistry, siteRegistry } from "#app/content/content-registry.server.ts";
import { publicPaths } from "#app/content/content-registry-views.server.ts";
import type { ContentStore } from "#app/content/content-store.server.ts";
import { imageInfo } from "#app/images/image-info.server.ts";
import { jpegUrl } from "#app/images/image-urls.ts";
import { absoluteUrl } from "./social-meta.ts";
import { escapeXml } from "./xml.ts";

interface SitemapEntry {
  path: string;
  images?: { path: string; title: string }[];
}

/** Every public page (the content registry's addresses), with each artwork's picture. */
export function sitemapEntries(content: ContentStore, registry: ContentRegistry = siteRegistry): SitemapEntry[] {
  const works = new Map(content.catalogue().artworks.map((work) => [`/art/${work.slug}`, work]));
  return publicPaths(content.snapshot(), { prerendered: false }, registry).map((path) => {
    const work = works.get(path);
    return work
      ? { path, images: [{ path: jpegUrl(imageInfo("artworks", work.imageLarge), 1920), title: work.title }] }
      : { path };
  });
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
