import { useRef, useState } from "react";
import type { RoomForm } from "./room-form.ts";

/**
 * Dragging a work by its handle (mouse, pen or touch): the row under the pointer's height takes
 * the dragged work's place. Moves and the release are followed on the window, since the dragged
 * row (and its handle) moves in the document as the order changes.
 */
export function useWorkDrag(
  form: RoomForm,
  setForm: React.Dispatch<React.SetStateAction<RoomForm>>,
  announce: (message: string) => void,
) {
  const listRef = useRef<HTMLOListElement>(null);
  const drag = useRef<{ index: number; pointerId: number } | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  // The latest form, for the end of a drag (its handlers were made with an older one).
  const latestForm = useRef(form);
  latestForm.current = form;

  function onHandleDown(event: React.PointerEvent<HTMLElement>, index: number) {
    if (event.button !== 0 || drag.current) return;
    event.preventDefault();
    const pointerId = event.pointerId;
    drag.current = { index, pointerId };
    setDragging(latestForm.current.works[index]?.slug ?? null);
    const onMove = (move: PointerEvent) => {
      const current = drag.current;
      if (!current || move.pointerId !== pointerId || !listRef.current) return;
      move.preventDefault();
      const rows = [...listRef.current.querySelectorAll<HTMLElement>(":scope > li")];
      let target = rows.length - 1;
      for (const [at, row] of rows.entries()) {
        const box = row.getBoundingClientRect();
        if (move.clientY < box.top + box.height / 2) {
          target = at;
          break;
        }
      }
      if (target !== current.index) {
        const from = current.index;
        current.index = target;
        setForm((state) => {
          const works = [...state.works];
          const [work] = works.splice(from, 1);
          if (work) works.splice(target, 0, work);
          return { ...state, works };
        });
      }
    };
    const onEnd = (end: PointerEvent) => {
      if (end.pointerId !== pointerId) return;
      window.removeEventListener("pointermove", onMove);
      window.removeEventListener("pointerup", onEnd);
      window.removeEventListener("pointercancel", onEnd);
      const current = drag.current;
      drag.current = null;
      setDragging(null);
      if (!current) return;
      const works = latestForm.current.works;
      const work = works[current.index];
      if (work) announce(`Moved ${work.title} to position ${current.index + 1} of ${works.length}.`);
    };
    window.addEventListener("pointermove", onMove, { passive: false });
    window.addEventListener("pointerup", onEnd);
    window.addEventListener("pointercancel", onEnd);
  }

  return { listRef, dragging, onHandleDown };
}
