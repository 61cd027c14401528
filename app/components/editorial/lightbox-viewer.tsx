import Lightbox from "yet-another-react-lightbox";
import type { LightboxSlide } from "#app/images/image-urls.ts";
import "yet-another-react-lightbox/styles.css";

/**
 * SPEC.md's image viewer: one image, a close button, no previous/next. The library traps focus,
 * closes on Escape and returns focus to the image that opened it. Loaded only on first open.
 */
export default function LightboxViewer({ slide, onClose }: { slide: LightboxSlide; onClose: () => void }) {
  return (
    <Lightbox
      open
      close={onClose}
      slides={[slide]}
      carousel={{ finite: true }}
      render={{ buttonPrev: () => null, buttonNext: () => null }}
      labels={{ Lightbox: "Image viewer", Close: "Close" }}
    />
  );
}
