/**
 * One toggle gesture on the admin list: a click, a press-and-drag across rows, or a
 * Shift+click range. The first row toggled decides the new value; every row the gesture
 * reaches gets that value. `previous` keeps each row's value before the gesture, so a failed
 * save rolls back exactly the rows this gesture changed.
 */
export type ToggleGesture = { value: boolean; previous: Map<number, boolean> };

export function startGesture(id: number, current: boolean): ToggleGesture {
  return { value: !current, previous: new Map([[id, current]]) };
}

/** The pointer entered a row while the button is held. Returns whether the row was new. */
export function enterRow(gesture: ToggleGesture, id: number, current: boolean): boolean {
  if (gesture.previous.has(id)) return false;
  gesture.previous.set(id, current);
  return true;
}

/** The rows a gesture changes (those whose value differs from the gesture's value). */
export function changedIds(gesture: ToggleGesture): number[] {
  return [...gesture.previous].filter(([, before]) => before !== gesture.value).map(([id]) => id);
}

/** Ids from the anchor row to the target row inclusive, in display order. */
export function rangeBetween(orderedIds: readonly number[], anchorId: number, targetId: number): number[] {
  const from = orderedIds.indexOf(anchorId);
  const to = orderedIds.indexOf(targetId);
  if (to === -1) return [];
  if (from === -1) return [targetId];
  const [start, end] = from <= to ? [from, to] : [to, from];
  return orderedIds.slice(start, end + 1);
}

/**
 * A Shift+click: the clicked row toggles and every row between it and the anchor (the last
 * row toggled) gets the same value.
 */
export function rangeGesture(
  orderedIds: readonly number[],
  anchorId: number,
  targetId: number,
  isPublic: (id: number) => boolean,
): ToggleGesture {
  const gesture = startGesture(targetId, isPublic(targetId));
  for (const id of rangeBetween(orderedIds, anchorId, targetId)) enterRow(gesture, id, isPublic(id));
  return gesture;
}
