/**
 * Checks for content fields shown as plain text (decision 029): a work's description, an
 * exhibition's headings and paragraphs. HTML there would be printed as it is written, so the
 * build refuses it and names it rather than showing "<script>" on a page; links are written
 * `[text](address)`, and their address must be one isSafeHref allows.
 */
const HTML_TAG = /<\/?[a-z!?][^>\n]*>?/i;

/** Why `value` is not plain text, or undefined when it is. */
export function htmlInPlainText(value: string): string | undefined {
  const tag = HTML_TAG.exec(value)?.[0];
  if (tag === undefined) return undefined;
  const shown = tag.length > 40 ? `${tag.slice(0, 40)}…` : tag;
  return `is plain text, shown as written: remove the HTML "${shown}" (links are written [text](https://…))`;
}
