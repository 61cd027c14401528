/**
 * Who made a change, as the studio reads it. Revisions record a studio member's email, or what
 * made the change without one: the data folder's first start, or a terminal `content:import`.
 */
export function authorName(author: string): string {
  if (author === "first start") return "the site's setup";
  if (author.startsWith("import from ")) return "an import from a terminal";
  return author;
}
