import { type SafeHtml, sanitizeContentHtml } from "#app/security/content-html.server.ts";
import type { ContentStore } from "./content-store.server.ts";
import type { LongFormKind, LongFormPiece, LongFormSummary } from "./long-form-files.server.ts";

export type { LongFormKind, LongFormPiece, LongFormSummary };

/** A piece as a page shows it: its HTML has just been through the sanitiser. */
export type LongFormPage = Omit<LongFormPiece, "html"> & { html: SafeHtml };

/** Newest first, without bodies (for the index pages). */
export function listLongForm(content: ContentStore, kind: LongFormKind): LongFormSummary[] {
  return content.longForm(kind).map(({ html: _html, ...summary }) => summary);
}

/**
 * One piece for its page. Its HTML goes through the sanitiser on the way out as well as in
 * (decision 029): whatever the store holds (files today, the database once the editor writes
 * pieces), only sanitised HTML reaches a page.
 */
export function findLongForm(content: ContentStore, kind: LongFormKind, slug: string): LongFormPage | undefined {
  const piece = content.longForm(kind).find((candidate) => candidate.slug === slug);
  return piece && { ...piece, html: sanitizeContentHtml(piece.html) };
}
