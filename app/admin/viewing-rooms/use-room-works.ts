import { useEffect, useRef } from "react";
import { ROOM_LIMITS, type RoomForm, type WorkChoice } from "./room-form.ts";

/**
 * The room's works as the page changes them with JavaScript: add, move by a button, remove and
 * type a note or price, each said on the editor's status line.
 */
export function useRoomWorks(
  form: RoomForm,
  setForm: React.Dispatch<React.SetStateAction<RoomForm>>,
  announce: (message: string) => void,
) {
  const focusAfter = useRef<string | null>(null);

  // After a move by keyboard, the same button in the moved row keeps the focus.
  useEffect(() => {
    if (!focusAfter.current) return;
    const target = document.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(focusAfter.current)}"]`);
    focusAfter.current = null;
    target?.focus();
  });

  const setWork = (index: number, change: Partial<RoomForm["works"][number]>) =>
    setForm((current) => ({
      ...current,
      works: current.works.map((work, at) => (at === index ? { ...work, ...change } : work)),
    }));

  function moveWork(from: number, to: number, focusKey?: string) {
    const work = form.works[from];
    if (!work) return;
    if (to < 0 || to >= form.works.length) {
      announce(`${work.title} is already ${to < 0 ? "first" : "last"}.`);
      return;
    }
    const works = [...form.works];
    works.splice(from, 1);
    works.splice(to, 0, work);
    setForm({ ...form, works });
    if (focusKey) focusAfter.current = focusKey;
    announce(`Moved ${work.title} to position ${to + 1} of ${works.length}.`);
  }

  function addWork(choice: WorkChoice) {
    if (form.works.some((work) => work.slug === choice.slug)) {
      announce(`${choice.title} is already in the room.`);
      return;
    }
    if (form.works.length >= ROOM_LIMITS.works) {
      announce(`A room holds at most ${ROOM_LIMITS.works} works.`);
      return;
    }
    setForm({ ...form, works: [...form.works, { slug: choice.slug, title: choice.title, note: "", price: "" }] });
    announce(`Added ${choice.title} as work ${form.works.length + 1}.`);
  }

  function removeWork(index: number) {
    const work = form.works[index];
    if (!work) return;
    setForm({ ...form, works: form.works.filter((_, at) => at !== index) });
    announce(`Removed ${work.title}.`);
    focusAfter.current = "search";
  }

  return { setWork, moveWork, addWork, removeWork };
}
