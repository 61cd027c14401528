import articles from "virtual:content/articles";
import interviews from "virtual:content/interviews";
import { type SafeHtml, sanitizeContentHtml } from "#app/security/content-html.server.ts";
import type { LongFormKind, LongFormPiece, LongFormSummary } from "./long-form-files.server.ts";

export type { LongFormKind, LongFormPiece, LongFormSummary };

/** A piece as a page shows it: its HTML has just been through the sanitiser. */
export type LongFormPage = Omit<LongFormPiece, "html"> & { html: SafeHtml };

/** Read and checked from content/{articles,interviews} when the site is built. */
const pieces: Record<LongFormKind, readonly LongFormPiece[]> = { articles, interviews };

/** Newest first, without bodies (for the index pages). */
export function listLongForm(kind: LongFormKind): LongFormSummary[] {
  return pieces[kind].map(({ html: _html, ...summary }) => summary);
}

/**
 * One piece for its page. Its HTML goes through the sanitiser on the way out as well as in
 * (decision 029): whatever the store holds (files today, the database once the editor writes
 * pieces), only sanitised HTML reaches a page.
 */
export function findLongForm(kind: LongFormKind, slug: string): LongFormPage | undefined {
  const piece = pieces[kind].find((candidate) => candidate.slug === slug);
  return piece && { ...piece, html: sanitizeContentHtml(piece.html) };
}
