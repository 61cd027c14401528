import { InlineScript } from "#app/components/inline-script.tsx";
import viewerScript from "./image-viewer.script.js?inline-script";

/** The one-image viewer's lines, once in a page that has ZoomableImage links (decision 058). */
export function ImageViewerScript() {
  return <InlineScript code={viewerScript} />;
}
