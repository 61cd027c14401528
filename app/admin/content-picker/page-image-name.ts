/** The longest name made from a description (before a "-2" that keeps it unused). */
const MAX_NAME = 48;

/**
 * A page image's name made from its description: "Opening night, Peru!" -> "opening-night-peru".
 * Lowercase ASCII letters and digits joined by "-", accents dropped, cut at a word; "image" when
 * nothing is left (a description in another script).
 */
export function nameFromDescription(description: string): string {
  const words = description
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let name = "";
  for (const word of words) {
    const longer = name ? `${name}-${word}` : word;
    if (longer.length > MAX_NAME) break;
    name = longer;
  }
  return name || (words[0] ?? "image").slice(0, MAX_NAME);
}

/** `name`, or `name-2`, `name-3`... : the first that is not taken. */
export function unusedName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  for (let n = 2; ; n += 1) if (!taken.has(`${name}-${n}`)) return `${name}-${n}`;
}
