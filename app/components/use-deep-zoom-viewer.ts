import type OpenSeadragon from "openseadragon";
import { type RefObject, useEffect, useRef, useState } from "react";
import { loadOpenSeadragon } from "./load-openseadragon.ts";
import { waitForDescriptor } from "./wait-for-descriptor.ts";

export type Viewer = OpenSeadragon.Viewer;
export type DeepZoomStatus = "loading" | "ready" | "failed";

/** Each zoom button press and each +/- key: the same step, so both feel alike. */
export const ZOOM_STEP = 1.5;

/**
 * OpenSeadragon in `container` on the pyramid at `descriptorUrl`, from an effect, so the library
 * is fetched only after hydration and only on the page that zooms. The container's `data-zoom`
 * and `data-home-zoom` give the current and the fitted zoom.
 */
export function useDeepZoomViewer(
  container: RefObject<HTMLDivElement | null>,
  descriptorUrl: string,
  title: string,
): { status: DeepZoomStatus; viewer: RefObject<Viewer | undefined> } {
  const viewer = useRef<Viewer | undefined>(undefined);
  const [status, setStatus] = useState<DeepZoomStatus>("loading");

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let stopped = false;
    const leaving = new AbortController();
    // A pyramid still being built answers 503 for a while: the page keeps "Preparing the zoom".
    Promise.all([loadOpenSeadragon(), waitForDescriptor(descriptorUrl, leaving.signal)])
      .then(([openSeadragon]) => {
        if (stopped) return;
        viewer.current = openViewer(openSeadragon, element, descriptorUrl, title, setStatus);
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
  }, [container, descriptorUrl, title]);

  return { status, viewer };
}

/** The viewer itself: its settings, its canvas named for screen readers, and its events. */
function openViewer(
  openSeadragon: typeof OpenSeadragon,
  element: HTMLDivElement,
  descriptorUrl: string,
  title: string,
  setStatus: (status: DeepZoomStatus) => void,
): Viewer {
  const instance = openSeadragon({
    element,
    tileSources: descriptorUrl,
    // Our own buttons (DeepZoomControls): OpenSeadragon's need image files from prefixUrl.
    showNavigationControl: false,
    drawer: "canvas",
    // Up to twice the image's own pixels, so its finest detail can be seen large.
    maxZoomPixelRatio: 2,
    visibilityRatio: 0.5,
    zoomPerClick: ZOOM_STEP,
    gestureSettingsTouch: { pinchToZoom: true, flickEnabled: true, clickToZoom: false, dblClickToZoom: true },
  });
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
  return instance;
}
