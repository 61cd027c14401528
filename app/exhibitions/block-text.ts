/**
 * What both the block schema (at build) and the block components (in the browser) need, kept
 * apart from the schema so the browser never loads zod or the image registry.
 */

/** Inline markup in paragraphs: `**strong**` and `[text](href)`. */
export const INLINE_MARKUP = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** A headed block's id for aria-labelledby: written in the file, or the page's id_prefix plus the heading. */
export function headingId(idPrefix: string | undefined, item: { heading: string; id?: string }): string {
  return item.id ?? `${idPrefix ? `${idPrefix}-` : ""}${item.heading.replace(/\W+/g, "-").toLowerCase()}`;
}
