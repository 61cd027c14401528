import { shownWorks } from "#app/catalogue/artwork-record.ts";
import type { ContentSnapshot, PageType } from "./content-registry.server.ts";

/**
 * What one document names in another, which no single schema can check: the gallery's share
 * work and every page image a page shows. A page that names what is not there would fail when
 * rendered, so it is refused before it is published.
 */
export function crossDocumentProblems(
  snapshot: ContentSnapshot,
  label: string,
  pageTypes: Readonly<Record<string, PageType>>,
): string[] {
  const problems: string[] = [];
  // Named works must be shown ones: a hidden work is on no public page (decision 042).
  const shown = new Set(shownWorks(snapshot.collections.works).map((work) => work.slug));
  const named = [
    { file: "art", field: "share_work", slug: snapshot.pages.art.share_work },
    { file: "home", field: "featured.work", slug: snapshot.pages.home.featured.work },
    { file: "home", field: "series.work", slug: snapshot.pages.home.series.work },
  ];
  for (const { file, field, slug } of named) {
    if (shown.has(slug)) continue;
    const hidden = snapshot.collections.works.some((work) => work.slug === slug);
    problems.push(`${label}/pages/${file}.yaml: ${field}: "${slug}" is ${hidden ? "a hidden work" : "not a work"}`);
  }
  for (const [page, copy] of Object.entries(snapshot.pages)) {
    for (const { at, ref } of imageRefsIn(copy)) {
      if (!snapshot.collections.images[ref.collection]?.some((image) => image.name === ref.name))
        problems.push(
          `${label}/pages/${pageTypes[page]?.file ?? page}.yaml: ${at}: no page image "${ref.name}" in images/${ref.collection}.yaml`,
        );
    }
  }
  return problems;
}

/** A page's `collection/name` image fields, as their schemas turn them into `{ collection, name }`. */
function imageRefsIn(value: unknown, at = ""): { at: string; ref: { collection: string; name: string } }[] {
  if (value === null || typeof value !== "object") return [];
  const keys = Object.keys(value);
  const record = value as Record<string, unknown>;
  if (keys.length === 2 && typeof record.collection === "string" && typeof record.name === "string")
    return [{ at, ref: { collection: record.collection, name: record.name } }];
  return keys.flatMap((key) => imageRefsIn(record[key], at ? `${at}.${key}` : key));
}
