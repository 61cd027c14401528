import { type PointerEvent as ReactPointerEvent, type RefObject, useRef, useState } from "react";

/**
 * Reordering a list by dragging an item's handle with a mouse, a pen or a finger (pointer
 * events; the handle has `touch-action: none`, so a finger drags rather than scrolls). The item
 * moves as the pointer passes its neighbours' middles; `onDrop` says where it ended. Listens on
 * the window while dragging: the item's element moves in the page as the list reorders, which
 * may drop a capture on it.
 */
export function useDragReorder(
  list: RefObject<HTMLElement | null>,
  move: (from: number, to: number) => void,
  onDrop: (index: number) => void,
) {
  const [dragging, setDragging] = useState<number | undefined>(undefined);
  const at = useRef(0);

  function start(index: number, event: ReactPointerEvent) {
    if (event.button !== 0) return;
    event.preventDefault();
    at.current = index;
    setDragging(index);
    const onMove = (moved: PointerEvent) => {
      const items = [...(list.current?.querySelectorAll<HTMLElement>(":scope > li") ?? [])];
      let target = 0;
      items.forEach((item, position) => {
        if (position === at.current) return;
        const box = item.getBoundingClientRect();
        if (moved.clientY > box.top + box.height / 2) target += 1;
      });
      if (target !== at.current) {
        move(at.current, target);
        at.current = target;
        setDragging(target);
      }
    };
    const onEnd = () => {
      window.removeEventListener("pointermove", onMove);
      window.removeEventListener("pointerup", onEnd);
      window.removeEventListener("pointercancel", onEnd);
      setDragging(undefined);
      onDrop(at.current);
    };
    window.addEventListener("pointermove", onMove);
    window.addEventListener("pointerup", onEnd);
    window.addEventListener("pointercancel", onEnd);
  }

  return { dragging, start };
}
