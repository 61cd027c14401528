/**
 * Which rows of a fixed-row-height list to render: those overlapping the viewport plus
 * `overscan` rows either side. `listTop` is the list's offset from the scroll origin.
 */
export function visibleRange({
  scrollTop,
  viewportHeight,
  listTop,
  rowHeight,
  count,
  overscan = 8,
}: {
  scrollTop: number;
  viewportHeight: number;
  listTop: number;
  rowHeight: number;
  count: number;
  overscan?: number;
}): { start: number; end: number } {
  if (count === 0) return { start: 0, end: 0 };
  const top = scrollTop - listTop;
  const first = Math.floor(top / rowHeight) - overscan;
  const last = Math.ceil((top + viewportHeight) / rowHeight) + overscan;
  const start = Math.min(Math.max(first, 0), count);
  const end = Math.min(Math.max(last, start), count);
  return { start, end };
}
