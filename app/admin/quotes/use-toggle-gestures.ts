import { useCallback, useEffect, useRef } from "react";
import type { AdminQuote } from "#app/quotes/quote-views.ts";
import { changedIds, enterRow, rangeGesture, startGesture, type ToggleGesture } from "./toggle-gesture.ts";

export type VisibilityChange = { ids: number[]; includeInSearch: boolean; previous: Map<number, boolean> };

/**
 * Toggling the quote rows' checkboxes: press one and drag across other rows with the button held
 * to give each row entered the first row's new value; release (anywhere) ends the gesture.
 * Shift+click (or Shift+Space) sets the range from the last toggled row. `onPreview` shows each
 * step at once; `onCommit` receives the whole gesture once, so one gesture is one save.
 */
export function useToggleGestures({
  quotes,
  onPreview,
  onCommit,
}: {
  quotes: readonly AdminQuote[];
  onPreview: (values: Map<number, boolean>) => void;
  onCommit: (change: VisibilityChange) => void;
}) {
  const anchorRef = useRef<number | null>(null);
  const quotesRef = useRef(quotes);
  quotesRef.current = quotes;

  const isPublic = useCallback(
    (id: number) => quotesRef.current.find((q) => q.id === id)?.includeInSearch ?? false,
    [],
  );

  const { gestureRef, suppressClickRef } = useDragAcrossRows({ isPublic, onPreview, onCommit });

  const applyRange = (targetId: number) => {
    const order = quotesRef.current.map((q) => q.id);
    const values = new Map(quotesRef.current.map((q) => [q.id, q.includeInSearch]));
    const gesture = rangeGesture(order, anchorRef.current ?? targetId, targetId, (id) => values.get(id) ?? false);
    onPreview(new Map([...gesture.previous.keys()].map((id) => [id, gesture.value])));
    anchorRef.current = targetId;
    const ids = changedIds(gesture);
    if (ids.length > 0) onCommit({ ids, includeInSearch: gesture.value, previous: gesture.previous });
  };

  const onPointerDown = (event: React.PointerEvent<HTMLInputElement>, id: number) => {
    if (event.button !== 0) return;
    suppressClickRef.current = true;
    if (event.shiftKey && anchorRef.current !== null) {
      applyRange(id);
      return;
    }
    // Touch and pen capture the pointer to the checkbox; release it so other rows are reachable.
    if (event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
    const gesture = startGesture(id, isPublic(id));
    gestureRef.current = gesture;
    anchorRef.current = id;
    onPreview(new Map([[id, gesture.value]]));
  };

  const onClick = (event: React.MouseEvent<HTMLInputElement>, id: number) => {
    if (suppressClickRef.current) {
      // A pointer gesture already set this row; keep the state it gave.
      event.preventDefault();
      suppressClickRef.current = false;
      return;
    }
    // Keyboard (Space) or an assistive technology's click.
    if (event.shiftKey && anchorRef.current !== null) return applyRange(id);
    const gesture = startGesture(id, isPublic(id));
    anchorRef.current = id;
    onPreview(new Map([[id, gesture.value]]));
    onCommit({ ids: [id], includeInSearch: gesture.value, previous: gesture.previous });
  };

  return { onPointerDown, onClick };
}

/**
 * While a drag is on: rows under the pointer join it; a release anywhere (or losing the window,
 * or a pointer that arrives with no button held) ends it and commits what it changed.
 */
function useDragAcrossRows({
  isPublic,
  onPreview,
  onCommit,
}: {
  isPublic: (id: number) => boolean;
  onPreview: (values: Map<number, boolean>) => void;
  onCommit: (change: VisibilityChange) => void;
}) {
  const gestureRef = useRef<ToggleGesture | null>(null);
  // Set from a press until the click that follows it, which the gesture has already handled.
  const suppressClickRef = useRef(false);

  const finishGesture = useCallback(() => {
    const gesture = gestureRef.current;
    gestureRef.current = null;
    // The click that follows a pointer gesture was already handled; let later clicks through.
    setTimeout(() => {
      suppressClickRef.current = false;
    }, 0);
    if (!gesture) return;
    const ids = changedIds(gesture);
    if (ids.length > 0) onCommit({ ids, includeInSearch: gesture.value, previous: gesture.previous });
  }, [onCommit]);

  useEffect(() => {
    const onMove = (event: PointerEvent) => {
      const gesture = gestureRef.current;
      if (!gesture) return;
      if (event.buttons === 0) return finishGesture();
      const row = document.elementFromPoint(event.clientX, event.clientY)?.closest<HTMLElement>("[data-quote-id]");
      const id = Number(row?.dataset.quoteId);
      if (!row || !Number.isInteger(id)) return;
      if (enterRow(gesture, id, isPublic(id))) onPreview(new Map([[id, gesture.value]]));
    };
    const onEnd = () => {
      if (gestureRef.current) finishGesture();
    };
    window.addEventListener("pointermove", onMove);
    window.addEventListener("pointerup", onEnd);
    window.addEventListener("pointercancel", onEnd);
    window.addEventListener("blur", onEnd);
    return () => {
      window.removeEventListener("pointermove", onMove);
      window.removeEventListener("pointerup", onEnd);
      window.removeEventListener("pointercancel", onEnd);
      window.removeEventListener("blur", onEnd);
    };
  }, [finishGesture, onPreview, isPublic]);

  return { gestureRef, suppressClickRef };
}
