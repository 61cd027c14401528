/** "The Moss Oracle!" -> "the-moss-oracle": lowercase ASCII words joined by hyphens, at most 80 characters. */
export function slugFor(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}
