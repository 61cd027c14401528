/** The feed's title, shared by the feed and the link to it in every page's head. */
export function feedTitle(brand: string): string {
  return `${brand}: articles and interviews`;
}
