import type { ContentStore } from "#app/content/content-store.server.ts";
import { type LongFormSummary, listLongForm } from "#app/content/long-form.server.ts";
import { feedTitle } from "./feed-title.ts";
import { absoluteUrl } from "./social-meta.ts";
import { escapeXml } from "./xml.ts";

/** Articles and interviews, newest first. */
export function feedPieces(content: ContentStore): LongFormSummary[] {
  return [...listLongForm(content, "articles"), ...listLongForm(content, "interviews")].sort((a, b) =>
    b.date.localeCompare(a.date),
  );
}

// Pieces carry a date only; Atom wants a full timestamp.
const timestamp = (date: string) => `${date}T00:00:00Z`;

/** An Atom feed (RFC 4287) of the articles and interviews, every link under `origin`. */
export function atomFeed(origin: string, content: ContentStore, pieces = feedPieces(content)): string {
  const { brand } = content.siteSettings();
  const entries = pieces.map((piece) => {
    const url = absoluteUrl(`/${piece.kind}/${piece.slug}`, origin);
    const author = piece.kind === "articles" ? piece.author : piece.interviewer;
    return [
      "<entry>",
      `<title>${escapeXml(piece.title)}</title>`,
      `<id>${escapeXml(url)}</id>`,
      `<link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `<published>${timestamp(piece.date)}</published>`,
      `<updated>${timestamp(piece.date)}</updated>`,
      author ? `<author><name>${escapeXml(author)}</name></author>` : "",
      `<category term="${piece.kind}" label="${piece.kind === "articles" ? "Article" : "Interview"}"/>`,
      `<summary>${escapeXml(piece.summary)}</summary>`,
      "</entry>",
    ].join("");
  });
  const updated = pieces[0] ? timestamp(pieces[0].date) : "1970-01-01T00:00:00Z";
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<title>${escapeXml(feedTitle(brand))}</title>`,
    `<id>${escapeXml(absoluteUrl("/feed.xml", origin))}</id>`,
    `<link rel="self" type="application/atom+xml" href="${escapeXml(absoluteUrl("/feed.xml", origin))}"/>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(absoluteUrl("/", origin))}"/>`,
    `<updated>${updated}</updated>`,
    `<author><name>${escapeXml(brand)}</name></author>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
