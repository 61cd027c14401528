import type { EditionAvailability } from "#app/editions/edition-availability.server.ts";

/**
 * What the public pages print of the edition ledger, as a version for their kept copies
 * (decision 076): `/art/<slug>` its work's line (and so its size, in the JSON-LD) and its public
 * provenance (a resale leaves the line as it was), `/art` and
 * `/prices` anything of any work (the gallery's cards, the series' lines). Undefined for a page
 * that prints none now: it may be the build's file. A viewing room is never kept.
 */
export function editionPageVersion(pathname: string, availability: EditionAvailability): string | undefined {
  if (pathname === "/art" || pathname === "/prices") return availability.version();
  const slug = /^\/art\/([a-z0-9][a-z0-9-]*)$/.exec(pathname)?.[1];
  const edition = slug ? availability.publicEdition(slug) : undefined;
  return edition ? `${edition.line}|${JSON.stringify(edition.owners)}` : undefined;
}

/**
 * Whether a loader-data address (`/art/brass-moth.data`) is of a page printing edition lines:
 * the build's copy beside the page was made with none, so React Router answers it, always.
 */
export function isEditionPageData(pathname: string): boolean {
  if (!pathname.endsWith(".data")) return false;
  const page = pathname.slice(0, -".data".length);
  return page === "/art" || page === "/prices" || /^\/art\/[^/]+$/.test(page);
}
