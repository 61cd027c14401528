import { artworks } from "~/catalogue/catalogue";
import { jpegUrl } from "~/components/picture";
import { exhibitions } from "~/content/exhibitions";
import { absoluteUrl } from "./social-meta";

interface SitemapEntry {
  path: string;
  images?: { url: string; title: string }[];
}

const escapeXml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

/** Every public page. Articles and interviews: add their paths here once their content index exists. */
export function sitemapEntries(): SitemapEntry[] {
  const pages = ["/", "/about", "/art", "/cv", "/prices", "/merch", "/quotes", "/contact"];
  return [
    ...pages.map((path) => ({ path })),
    ...exhibitions.map((e) => ({ path: e.path })),
    ...artworks.map((a) => ({
      path: `/art/${a.slug}`,
      images: [{ url: absoluteUrl(jpegUrl("artworks", a.imageLarge, 1920)), title: a.title }],
    })),
    // ...articles.map((a) => ({ path: `/articles/${a.slug}` })), ...interviews.map(...)
  ];
}

export function sitemapXml(entries = sitemapEntries()): string {
  const urls = entries.map((entry) => {
    const images = (entry.images ?? [])
      .map(
        (i) =>
          `<image:image><image:loc>${escapeXml(i.url)}</image:loc><image:title>${escapeXml(i.title)}</image:title></image:image>`,
      )
      .join("");
    return `<url><loc>${escapeXml(absoluteUrl(entry.path))}</loc>${images}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n${urls.join("\n")}\n</urlset>\n`;
}

export function robotsTxt(): string {
  return `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api\n\nSitemap: ${absoluteUrl("/sitemap.xml")}\n`;
}
