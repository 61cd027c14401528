import { type ReactNode, useRef } from "react";
import { DeepZoomControls } from "./deep-zoom-controls.tsx";
import styles from "./deep-zoom-viewer.module.css";
import { useDeepZoomViewer } from "./use-deep-zoom-viewer.ts";
import { useFullScreen } from "./use-full-screen.ts";

/**
 * A work's Deep Zoom pyramid in OpenSeadragon, full window: drag, wheel, pinch, the keyboard
 * (+/-, arrows, 0 or Home to fit) and its own zoom in / out / fit / full-screen buttons. The
 * library is loaded in an effect (useDeepZoomViewer), so it is fetched only here, after
 * hydration. `fallback` is what a browser without JavaScript shows instead (inside <noscript>,
 * so others never load it).
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
  const { status, viewer } = useDeepZoomViewer(container, descriptorUrl, title);
  const fullScreen = useFullScreen(frame);
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
        {status === "ready" ? <DeepZoomControls viewer={viewer} fullScreen={fullScreen} /> : null}
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
