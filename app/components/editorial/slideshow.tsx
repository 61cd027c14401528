import { useEffect, useState } from "react";
import { Picture } from "#app/components/picture.tsx";
import type { Slide } from "#app/content/about.ts";
import { CaptionBar } from "./caption-bar.tsx";
import styles from "./slideshow.module.css";

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
 */
/** Where the slideshow starts: slide 0, or where a tap before hydration left it (see above). */
function startState(count: number): { index: number; paused: boolean } {
  if (typeof document === "undefined") return { index: 0, paused: false };
  const section = document.querySelector<HTMLElement>("[data-slideshow]");
  const index = Number(section?.dataset.index ?? 0);
  return {
    index: Number.isInteger(index) && index >= 0 && index < count ? index : 0,
    paused: section?.dataset.paused !== undefined,
  };
}

export function Slideshow({ slides, label }: { slides: readonly Slide[]; label: string }) {
  const count = slides.length;
  // Before React starts, deferred-hydration.script.js moves the slide (and pauses) in the HTML
  // itself when the visitor taps a control; React starts from where that left the page, so its
  // first render matches the HTML it hydrates.
  const [index, setIndex] = useState(() => startState(count).index);
  const [paused, setPaused] = useState(() => startState(count).paused);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    // A tap may have moved the slide between React's first render and now.
    const start = startState(count);
    setIndex(start.index);
    setPaused(start.paused);
    setHydrated(true);
  }, [count]);

  const playing = hydrated && !paused && !hovered && !focused && !reducedMotion;
  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), SLIDE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [playing, count]);

  const current = slides[index]!;
  const captionId = "slideshow-caption";
  const autoplayOn = !paused && !reducedMotion;

  return (
    <section
      className={styles.slideshow}
      aria-roledescription="carousel"
      aria-label={label}
      data-slideshow=""
      data-index={index}
      data-paused={paused || undefined}
      data-live={hydrated || undefined}
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
        {/* Shown from first paint: deferred-hydration.script.js handles them until React starts.
            With JavaScript off they could do nothing, so CSS hides them then. */}
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
  );
}
