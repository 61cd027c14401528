/**
 * Turns what a visitor typed into a PostgreSQL tsquery string: every word must match, and the
 * last word matches as a prefix so results appear while typing ("gard" finds "garden").
 * Punctuation and tsquery operators are dropped, so any input is safe. Empty when nothing is left.
 */
export function toPrefixTsQuery(input: string): string {
  const words = input
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 12);
  return words.map((word, index) => (index === words.length - 1 ? `${word}:*` : word)).join(" & ");
}
