/**
 * The works before and after one work in a gallery view, for the artwork page's Previous and
 * Next links. Pure: the list comes from the gallery's own list rule (gallery-view.server.ts).
 */
export interface NeighbourLink {
  slug: string;
  title: string;
}

export interface Neighbours {
  previous: NeighbourLink | null;
  next: NeighbourLink | null;
}

/** `undefined` when the work is not in the list (filtered out, or hidden as a repeated id). */
export function neighboursIn(list: readonly NeighbourLink[], slug: string): Neighbours | undefined {
  const index = list.findIndex((work) => work.slug === slug);
  if (index < 0) return undefined;
  const link = (work: NeighbourLink | undefined) => (work ? { slug: work.slug, title: work.title } : null);
  return { previous: link(list[index - 1]), next: link(list[index + 1]) };
}
