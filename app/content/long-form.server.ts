import articles from "virtual:content/articles";
import interviews from "virtual:content/interviews";
import type { LongFormKind, LongFormPiece, LongFormSummary } from "./long-form-files.server.ts";

export type { LongFormKind, LongFormPiece, LongFormSummary };

/** Read and checked from content/{articles,interviews} when the site is built. */
const pieces: Record<LongFormKind, readonly LongFormPiece[]> = { articles, interviews };

/** Newest first, without bodies (for the index pages). */
export function listLongForm(kind: LongFormKind): LongFormSummary[] {
  return pieces[kind].map(({ html: _html, ...summary }) => summary);
}

export function findLongForm(kind: LongFormKind, slug: string): LongFormPiece | undefined {
  return pieces[kind].find((piece) => piece.slug === slug);
}
