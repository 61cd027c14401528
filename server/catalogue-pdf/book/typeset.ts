/**
 * Printer's quotes for the book: the content files are typed with straight quotes, which read as
 * typewriter marks in set text. An opening quote follows the start, a space or an opening bracket;
 * every other quote closes (which is also the apostrophe). All four marks are WinAnsi.
 */
export function curlyQuotes(text: string): string {
  return text
    .replace(/(^|[\s([{“‘—–-])"/g, "$1“")
    .replace(/"/g, "”")
    .replace(/(^|[\s([{“—–-])'(?=\S)/g, "$1‘")
    .replace(/'/g, "’");
}

/** The same over every string of a plain data structure (the book's whole content). */
export function withCurlyQuotes<T>(value: T): T {
  if (typeof value === "string") return curlyQuotes(value) as T;
  if (Array.isArray(value)) return value.map((item) => withCurlyQuotes(item)) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withCurlyQuotes(item)])) as T;
  return value;
}
