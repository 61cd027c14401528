import { useEffect, useState } from "react";
import { InlineScript } from "#app/components/inline-script.tsx";
import { Picture } from "#app/components/picture.tsx";
import type { Slide } from "#app/content/about.ts";
import { CaptionBar } from "./caption-bar.tsx";
import styles from "./slideshow.module.css";
import slideshowScript from "./slideshow.script.js?inline-script";

/** SPEC.md: a new slide every 5 seconds. */
export const SLIDE_INTERVAL_MS = 5000;

function usePrefersReducedMotion() {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return reduced;
}

/**
 * The About slideshow. Advances every 5 s and wraps to the first slide; waits while the pointer
 * or keyboard focus is on it, while the visitor has paused it, and entirely when the visitor
 * prefers reduced motion. The timer is cleared when the page is left.
 *
 * About ships no framework (decision 058): on a page load slideshow.script.js, written into the
 * page after the HTML, runs it by the same rules; this component's state runs it only after a
 * client-side navigation from a page where React has started.
 */
export function Slideshow({ slides, label }: { slides: readonly Slide[]; label: string }) {
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();

  const playing = !paused && !hovered && !focused && !reducedMotion;
  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), SLIDE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [playing, count]);

  const current = slides[index]!;
  const captionId = "slideshow-caption";
  const autoplayOn = !paused && !reducedMotion;

  return (
    <>
      <section
        className={styles.slideshow}
        aria-roledescription="carousel"
        aria-label={label}
        data-slideshow=""
        data-index={index}
        data-paused={paused || undefined}
        data-autoplay={playing ? "running" : "stopped"}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
        }}
      >
        <div className={styles.frame} aria-live={playing ? "off" : "polite"}>
          {slides.map((slide, i) => (
            // biome-ignore lint/a11y/useSemanticElements: a slide per the WAI-ARIA carousel pattern
            <div
              key={slide.image.name}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              className={styles.slide}
              data-caption={slide.caption}
              hidden={i !== index}
            >
              <Picture
                collection={slide.image.collection}
                name={slide.image.name}
                alt={slide.image.alt}
                sizes="(max-width: 1200px) 100vw, 1200px"
                priority={i === 0}
                className={styles.image}
              />
            </div>
          ))}
        </div>
        <CaptionBar id={captionId}>
          <p className={styles.caption} data-testid="slide-caption">
            {current.caption}
          </p>
          {/* With JavaScript off they could do nothing, so CSS hides them then. */}
          <div className={styles.controls}>
            <span className={styles.counter} aria-hidden="true" data-slide-counter="">
              {`${index + 1} / ${count}`}
            </span>
            <button
              type="button"
              className={styles.control}
              aria-label="Previous slide"
              data-slide-step="-1"
              onClick={() => setIndex((i) => (i - 1 + count) % count)}
            >
              ‹
            </button>
            <button
              type="button"
              className={styles.control}
              aria-label={autoplayOn ? "Pause slideshow" : "Play slideshow"}
              disabled={reducedMotion}
              data-slide-pause=""
              onClick={() => setPaused((p) => !p)}
            >
              {autoplayOn ? "❚❚" : "►"}
            </button>
            <button
              type="button"
              className={styles.control}
              aria-label="Next slide"
              data-slide-step="1"
              onClick={() => setIndex((i) => (i + 1) % count)}
            >
              ›
            </button>
          </div>
        </CaptionBar>
      </section>
      <InlineScript code={slideshowScript} />
    </>
  );
}
