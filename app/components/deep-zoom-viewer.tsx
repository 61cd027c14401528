import type OpenSeadragon from "openseadragon";
import { type ReactNode, useEffect, useRef, useState } from "react";
import styles from "./deep-zoom-viewer.module.css";
import { loadOpenSeadragon } from "./load-openseadragon.ts";
import { waitForDescriptor } from "./wait-for-descriptor.ts";

type Viewer = OpenSeadragon.Viewer;
type Status = "loading" | "ready" | "failed";

/** Each zoom button press and each +/- key: the same step, so both feel alike. */
const ZOOM_STEP = 1.5;

/**
 * A work's Deep Zoom pyramid in OpenSeadragon, full window: drag, wheel, pinch, the keyboard
 * (+/-, arrows, 0 or Home to fit) and its own zoom in / out / fit / full-screen buttons. The
 * library is loaded in an effect, so it is fetched only here, after hydration. `fallback` is
 * what a browser without JavaScript shows instead (inside <noscript>, so others never load it).
 * The container's `data-zoom` and `data-home-zoom` give the current and the fitted zoom.
 */
export function DeepZoomViewer({
  descriptorUrl,
  title,
  placeholder,
  backLink,
  fallback,
}: {
  descriptorUrl: string;
  title: string;
  /** The work's blur placeholder (CSS background), shown while the pyramid is being made. */
  placeholder?: string;
  backLink: ReactNode;
  fallback: ReactNode;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const viewer = useRef<Viewer | undefined>(undefined);
  const [status, setStatus] = useState<Status>("loading");
  const [canFullScreen, setCanFullScreen] = useState(false);
  const [fullScreen, setFullScreen] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let stopped = false;
    const leaving = new AbortController();
    // A pyramid still being built answers 503 for a while: the page keeps "Preparing the zoom".
    Promise.all([loadOpenSeadragon(), waitForDescriptor(descriptorUrl, leaving.signal)])
      .then(([openSeadragon]) => {
        if (stopped) return;
        const instance = openSeadragon({
          element,
          tileSources: descriptorUrl,
          // Our own buttons below: OpenSeadragon's need image files from prefixUrl.
          showNavigationControl: false,
          drawer: "canvas",
          // Up to twice the image's own pixels, so its finest detail can be seen large.
          maxZoomPixelRatio: 2,
          visibilityRatio: 0.5,
          zoomPerClick: ZOOM_STEP,
          gestureSettingsTouch: { pinchToZoom: true, flickEnabled: true, clickToZoom: false, dblClickToZoom: true },
        });
        viewer.current = instance;
        // The focusable canvas takes the keys: "application" lets screen readers pass them on.
        const canvas = instance.canvas as HTMLElement;
        canvas.setAttribute("role", "application");
        canvas.setAttribute(
          "aria-label",
          `${title}, zoomable: drag or use the arrow keys to move, + and - to zoom, 0 or Home to fit`,
        );
        const showZoom = (zoom: number) => {
          element.dataset.zoom = zoom.toFixed(4);
        };
        instance.addHandler("open", () => {
          element.dataset.homeZoom = instance.viewport.getHomeZoom().toFixed(4);
          showZoom(instance.viewport.getZoom());
          setStatus("ready");
          // Keys work at once: OpenSeadragon listens for them on its focused canvas. Unless the
          // visitor has already moved focus (to the back link) while the tiles were being made.
          if (!document.activeElement || document.activeElement === document.body) canvas.focus();
        });
        instance.addHandler("open-failed", () => setStatus("failed"));
        instance.addHandler("zoom", (event) => showZoom(event.zoom));
        instance.addHandler("canvas-key", (event) => {
          const key = (event.originalEvent as KeyboardEvent).key;
          if (key === "Home") {
            event.preventDefaultAction = true;
            instance.viewport.goHome();
          }
        });
      })
      .catch(() => {
        if (!stopped) setStatus("failed");
      });
    return () => {
      stopped = true;
      leaving.abort();
      viewer.current?.destroy();
      viewer.current = undefined;
    };
  }, [descriptorUrl, title]);

  useEffect(() => {
    setCanFullScreen(document.fullscreenEnabled === true);
    const onChange = () => setFullScreen(document.fullscreenElement === frame.current);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);

  const zoomBy = (factor: number) => {
    const viewport = viewer.current?.viewport;
    if (!viewport) return;
    viewport.zoomBy(factor);
    viewport.applyConstraints();
  };
  const toggleFullScreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frame.current?.requestFullscreen();
  };

  return (
    <div ref={frame} className={styles.frame}>
      <div
        ref={container}
        className={styles.viewer}
        data-status={status}
        style={status === "loading" && placeholder ? { backgroundImage: placeholder } : undefined}
      />
      <div className={styles.toolbar}>
        {backLink}
        {status === "ready" ? (
          <fieldset className={styles.controls}>
            <legend className="visually-hidden">Zoom controls</legend>
            <button type="button" className={styles.control} onClick={() => zoomBy(ZOOM_STEP)} aria-label="Zoom in">
              <span aria-hidden="true">+</span>
            </button>
            <button
              type="button"
              className={styles.control}
              onClick={() => zoomBy(1 / ZOOM_STEP)}
              aria-label="Zoom out"
            >
              <span aria-hidden="true">−</span>
            </button>
            <button
              type="button"
              className={styles.control}
              onClick={() => viewer.current?.viewport.goHome()}
              aria-label="Fit to screen"
            >
              <FitIcon />
            </button>
            {canFullScreen ? (
              <button
                type="button"
                className={styles.control}
                onClick={toggleFullScreen}
                aria-label="Full screen"
                aria-pressed={fullScreen}
              >
                <FullScreenIcon />
              </button>
            ) : null}
          </fieldset>
        ) : null}
      </div>
      {status === "loading" ? (
        <p className={styles.status} role="status" data-js-only>
          Preparing the zoom…
        </p>
      ) : null}
      {status === "failed" ? (
        <p className={styles.status} role="alert">
          The zoom image could not be loaded. Try again in a moment, or go back to the work.
        </p>
      ) : null}
      <noscript>{fallback}</noscript>
    </div>
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

function FitIcon() {
  return <ControlIcon d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />;
}

function FullScreenIcon() {
  return <ControlIcon d="M9 4H4v5M15 4h5v5M9 20H4v-5M15 20h5v-5M9 9 4 4M15 9l5-5M9 15l-5 5M15 15l5 5" />;
}
