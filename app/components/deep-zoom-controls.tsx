import type { RefObject } from "react";
import styles from "./deep-zoom-viewer.module.css";
import { type Viewer, ZOOM_STEP } from "./use-deep-zoom-viewer.ts";

/** The deep zoom viewer's own buttons: zoom in, out, fit, and full screen where the browser has it. */
export function DeepZoomControls({
  viewer,
  fullScreen,
}: {
  viewer: RefObject<Viewer | undefined>;
  fullScreen: { available: boolean; active: boolean; toggle: () => void };
}) {
  const zoomBy = (factor: number) => {
    const viewport = viewer.current?.viewport;
    if (!viewport) return;
    viewport.zoomBy(factor);
    viewport.applyConstraints();
  };
  return (
    <fieldset className={styles.controls}>
      <legend className="visually-hidden">Zoom controls</legend>
      <button type="button" className={styles.control} onClick={() => zoomBy(ZOOM_STEP)} aria-label="Zoom in">
        <span aria-hidden="true">+</span>
      </button>
      <button type="button" className={styles.control} onClick={() => zoomBy(1 / ZOOM_STEP)} aria-label="Zoom out">
        <span aria-hidden="true">−</span>
      </button>
      <button
        type="button"
        className={styles.control}
        onClick={() => viewer.current?.viewport.goHome()}
        aria-label="Fit to screen"
      >
        <ControlIcon d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
      </button>
      {fullScreen.available ? (
        <button
          type="button"
          className={styles.control}
          onClick={fullScreen.toggle}
          aria-label="Full screen"
          aria-pressed={fullScreen.active}
        >
          <ControlIcon d="M9 4H4v5M15 4h5v5M9 20H4v-5M15 20h5v-5M9 9 4 4M15 9l5-5M9 15l-5 5M15 15l5 5" />
        </button>
      ) : null}
    </fieldset>
  );
}

/** A 20 px stroke icon for the viewer's buttons, drawn by `d`. */
function ControlIcon({ d }: { d: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d={d} />
    </svg>
  );
}
