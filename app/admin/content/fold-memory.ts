import { type RefObject, useEffect } from "react";

/**
 * Keeps the sections the studio folded folded when the form is drawn again (after Save draft, Add,
 * Move: each redraws the whole form, every section open) for the rest of the visit, per document.
 * A section holding a problem (data-problem) opens all the same. Without JavaScript (or storage)
 * every section simply starts open.
 */
export function useFoldMemory(form: RefObject<HTMLFormElement | null>, path: string) {
  useEffect(() => {
    const root = form.current;
    if (!root) return;
    const key = `umbra:folded:${path}`;
    const folded = new Set(readFolds(key));
    for (const section of root.querySelectorAll<HTMLDetailsElement>("details[data-fold]")) {
      const name = section.dataset.fold ?? "";
      if (!folded.has(name)) continue;
      if (section.hasAttribute("data-problem")) folded.delete(name);
      else section.open = false;
    }
    writeFolds(key, folded);
    const remember = (event: Event) => {
      const section = event.target;
      if (!(section instanceof HTMLDetailsElement) || !section.dataset.fold) return;
      if (section.open) folded.delete(section.dataset.fold);
      else folded.add(section.dataset.fold);
      writeFolds(key, folded);
    };
    // "toggle" does not bubble: listened for on its way down.
    root.addEventListener("toggle", remember, true);
    return () => root.removeEventListener("toggle", remember, true);
  }, [form, path]);
}

function readFolds(key: string): string[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(key) ?? "[]");
    return Array.isArray(stored) ? stored.filter((name): name is string => typeof name === "string") : [];
  } catch {
    return [];
  }
}

function writeFolds(key: string, folded: Set<string>) {
  try {
    if (folded.size === 0) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify([...folded]));
  } catch {
    // Storage refused (private mode, full): folds last until the next redraw, as without JavaScript.
  }
}
