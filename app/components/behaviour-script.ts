import { type RefObject, useEffect } from "react";

/** What a behaviour script installs: starts the behaviour on one element, returns how to stop it. */
export type StartBehaviour = (element: HTMLElement) => () => void;

declare global {
  interface Window {
    /** The behaviours the page's scripts installed, by name (slideshow.script.js, quote-wall.script.js). */
    __behaviours?: Partial<Record<string, StartBehaviour>>;
  }
}

/**
 * Runs a behaviour script (a `*.script.js` written into the page, decision 065) on the element
 * React rendered. After a client-side navigation the page's inline copy never ran (React does
 * not run scripts it inserts): `load` imports the same file as a module, which installs the
 * behaviour under `name`, and this starts it on `ref`'s element. Where the inline copy did run
 * (a page React hydrated, in development) the script finds the element started and does not
 * start it twice. Leaving the page stops it: its timers, listeners and requests end.
 * `load` must be the same function each render (declare it outside the component).
 *
 * Until the behaviour runs, a click on a link or button in the element, or a form sent from it,
 * is kept rather than followed (a plain link would load another page: "More quotes" became the
 * second page alone) and acted on once it does; if the script cannot load, it is followed then.
 */
export function useBehaviourScript(ref: RefObject<HTMLElement | null>, name: string, load: () => Promise<unknown>) {
  useEffect(() => {
    const element = ref.current;
    let stop: (() => void) | undefined;
    let left = false;
    const early = keepEarlyActions(element);
    void load()
      .then(() => {
        if (left || !element) return;
        stop = window.__behaviours?.[name]?.(element);
      })
      .catch(() => {})
      .finally(() => {
        if (!left) early.replay();
      });
    return () => {
      left = true;
      early.release();
      stop?.();
    };
  }, [ref, name, load]);
}

/** Holds the clicks and submits made in `element` until `replay` does them again. */
function keepEarlyActions(element: HTMLElement | null) {
  const kept: Array<{ type: "click"; target: HTMLElement } | { type: "submit"; target: HTMLFormElement }> = [];
  const keep = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (event.type === "submit" && target instanceof HTMLFormElement) kept.push({ type: "submit", target });
    else if (
      event.type === "click" &&
      event instanceof MouseEvent &&
      event.button === 0 &&
      !event.metaKey &&
      !event.ctrlKey
    ) {
      const control = target?.closest<HTMLElement>("a[href], button");
      if (!control) return;
      kept.push({ type: "click", target: control });
    } else return;
    event.preventDefault();
    event.stopPropagation();
  };
  element?.addEventListener("click", keep, true);
  element?.addEventListener("submit", keep, true);
  const release = () => {
    element?.removeEventListener("click", keep, true);
    element?.removeEventListener("submit", keep, true);
  };
  return {
    release,
    replay() {
      release();
      for (const action of kept.splice(0)) {
        if (!action.target.isConnected) continue;
        if (action.type === "click") action.target.click();
        else action.target.requestSubmit();
      }
    },
  };
}
