import { describe, expect, it } from "vitest";
import { changedIds, enterRow, rangeBetween, rangeGesture, startGesture } from "./toggle-gesture.ts";

describe("toggle gesture", () => {
  it("takes the new value from the first row and applies it to every row entered", () => {
    const gesture = startGesture(5, false);
    expect(gesture.value).toBe(true);
    expect(enterRow(gesture, 4, true)).toBe(true);
    expect(enterRow(gesture, 3, false)).toBe(true);
    // Re-entering a row changes nothing and keeps its original value for rollback.
    expect(enterRow(gesture, 4, true)).toBe(false);
    expect(gesture.previous.get(4)).toBe(true);
    // Row 4 already had the gesture's value, so only 5 and 3 need saving.
    expect(changedIds(gesture)).toEqual([5, 3]);
  });

  it("gives the inclusive range in display order whichever way it runs", () => {
    const order = [9, 8, 7, 6, 5];
    expect(rangeBetween(order, 8, 6)).toEqual([8, 7, 6]);
    expect(rangeBetween(order, 6, 8)).toEqual([8, 7, 6]);
    expect(rangeBetween(order, 42, 6)).toEqual([6]);
  });

  it("shift+click sets the whole range to the clicked row's new value", () => {
    const values = new Map([
      [9, false],
      [8, true],
      [7, false],
      [6, false],
    ]);
    const gesture = rangeGesture([9, 8, 7, 6], 9, 6, (id) => values.get(id) ?? false);
    expect(gesture.value).toBe(true);
    expect(changedIds(gesture).sort()).toEqual([6, 7, 9]);
  });
});
