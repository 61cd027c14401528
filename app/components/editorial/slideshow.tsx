import { useRef } from "react";
import { useBehaviourScript } from "#app/components/behaviour-script.ts";
import { InlineScript } from "#app/components/inline-script.tsx";
import { Picture } from "#app/components/picture.tsx";
import type { Slide } from "#app/content/about.ts";
import { CaptionBar } from "./caption-bar.tsx";
import styles from "./slideshow.module.css";
import slideshowScript from "./slideshow.script.js?inline-script";

const loadSlideshowScript = () => import("./slideshow.script.js");

/**
 * The About slideshow's markup, as it stands before anything moves: the first slide, playing.
 * Its behaviour (a new slide every 5 s, Previous, Next, Pause, waiting while hovered or focused,
 * nothing when the visitor prefers reduced motion) is slideshow.script.js alone (decision 065):
 * written into the page after this HTML on a page load, and started on this element by
 * useBehaviourScript after a client-side navigation. React never changes this markup after its
 * first render; the script does, hence suppressHydrationWarning where it writes.
 */
export function Slideshow({ slides, label }: { slides: readonly Slide[]; label: string }) {
  const section = useRef<HTMLElement>(null);
  useBehaviourScript(section, "slideshow", loadSlideshowScript);
  return (
    <>
      <section
        ref={section}
        className={styles.slideshow}
        aria-roledescription="carousel"
        aria-label={label}
        data-slideshow=""
        data-index={0}
        data-autoplay="running"
        suppressHydrationWarning
      >
        <div className={styles.frame} aria-live="off" suppressHydrationWarning>
          {slides.map((slide, i) => (
            <SlideFrame key={slide.image.name} slide={slide} position={i} count={slides.length} />
          ))}
        </div>
        <CaptionBar id="slideshow-caption">
          <p className={styles.caption} data-testid="slide-caption" suppressHydrationWarning>
            {slides[0]?.caption}
          </p>
          <SlideshowControls count={slides.length} />
        </CaptionBar>
      </section>
      <InlineScript code={slideshowScript} />
    </>
  );
}

/** One slide per the WAI-ARIA carousel pattern; all but the first hidden until the script moves on. */
function SlideFrame({ slide, position, count }: { slide: Slide; position: number; count: number }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a slide per the WAI-ARIA carousel pattern
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${position + 1} of ${count}`}
      className={styles.slide}
      data-caption={slide.caption}
      hidden={position !== 0}
      suppressHydrationWarning
    >
      <Picture
        collection={slide.image.collection}
        name={slide.image.name}
        alt={slide.image.alt}
        sizes="(max-width: 1200px) 100vw, 1200px"
        priority={position === 0}
        className={styles.image}
      />
    </div>
  );
}

/** The counter and the three buttons; the script acts on them through their data attributes. */
function SlideshowControls({ count }: { count: number }) {
  // With JavaScript off they could do nothing, so CSS hides them then.
  return (
    <div className={styles.controls}>
      <span className={styles.counter} aria-hidden="true" data-slide-counter="" suppressHydrationWarning>
        {`1 / ${count}`}
      </span>
      <button type="button" className={styles.control} aria-label="Previous slide" data-slide-step="-1">
        ‹
      </button>
      <button
        type="button"
        className={styles.control}
        aria-label="Pause slideshow"
        data-slide-pause=""
        suppressHydrationWarning
      >
        {"❚❚"}
      </button>
      <button type="button" className={styles.control} aria-label="Next slide" data-slide-step="1">
        ›
      </button>
    </div>
  );
}
