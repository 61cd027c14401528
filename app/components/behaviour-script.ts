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
 */
export function useBehaviourScript(ref: RefObject<HTMLElement | null>, name: string, load: () => Promise<unknown>) {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let left = false;
    void load().then(() => {
      const element = ref.current;
      if (!left && element) stop = window.__behaviours?.[name]?.(element);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [ref, name, load]);
}
