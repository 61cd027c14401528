// The About slideshow, the one copy of its behaviour (decisions 058 and 065). On a page load it
// is written into the page right after the slideshow's HTML, so its buttons work from the first
// paint with no framework and no request; after a client-side navigation slideshow.tsx imports
// this same file, which installs `window.__behaviours.slideshow`, and starts it on its element.
//
// The rules: a new slide every 5 s (SPEC.md), wrapping from the last to the first. It waits
// while the pointer or keyboard focus is on it, while the visitor has paused it, and entirely
// when the visitor prefers reduced motion. The one timer rule: the slide on show always gets its
// full 5 s, so the 5 s start again whenever the slide changes (by the timer, Previous or Next)
// and whenever the slideshow starts playing again (pointer or focus leaving, Play, the motion
// setting). Stopping it (leaving the page) clears the timer and its listeners.
// A block, not a function, so that no function runs past 100 lines (issue 38's size rule), and
// a block keeps its names out of the page's global scope as a function would.
{
  const INTERVAL_MS = 5000;
  /** The stop function of each slideshow this page has started, so each starts once. */
  const started = new WeakMap();

  /** Writes one state of the slideshow into its markup. */
  const render = (section, state, reducedMotion) => {
    const slides = section.querySelectorAll('[aria-roledescription="slide"]');
    const playing = !state.paused && !state.hovered && !state.focused && !reducedMotion;
    const autoplayOn = !state.paused && !reducedMotion;
    slides.forEach((slide, i) => {
      slide.hidden = i !== state.index;
    });
    section.dataset.index = String(state.index);
    section.toggleAttribute("data-paused", state.paused);
    section.dataset.autoplay = playing ? "running" : "stopped";
    slides[0]?.parentElement?.setAttribute("aria-live", playing ? "off" : "polite");
    const caption = section.querySelector('[data-testid="slide-caption"]');
    if (caption) caption.textContent = slides[state.index]?.dataset.caption || "";
    const counter = section.querySelector("[data-slide-counter]");
    if (counter) counter.textContent = `${state.index + 1} / ${slides.length}`;
    const pause = section.querySelector("[data-slide-pause]");
    if (pause) {
      pause.setAttribute("aria-label", autoplayOn ? "Pause slideshow" : "Play slideshow");
      pause.textContent = autoplayOn ? "\u275A\u275A" : "\u25BA";
      pause.disabled = reducedMotion;
    }
    return playing;
  };

  /** Starts the slideshow in `section` (a [data-slideshow]); returns the function that stops it. */
  const startSlideshow = (section) => {
    const running = started.get(section);
    if (running) return running;
    const count = section.querySelectorAll('[aria-roledescription="slide"]').length;
    const motion = matchMedia("(prefers-reduced-motion: reduce)");
    // A slideshow started again on the same element (React's development double start) goes on
    // from the slide it shows.
    const state = { index: Number(section.dataset.index) || 0, paused: false, hovered: false, focused: false };
    const listening = new AbortController();
    const on = (target, type, listener) => target.addEventListener(type, listener, { signal: listening.signal });
    let timer;

    const show = () => {
      const playing = render(section, state, motion.matches);
      clearInterval(timer);
      if (playing) timer = setInterval(() => step(1), INTERVAL_MS);
    };
    const step = (by) => {
      state.index = (state.index + by + count) % count;
      show();
    };
    const set = (key, value) => {
      state[key] = value;
      show();
    };

    on(section, "click", (event) => {
      const control = event.target instanceof Element && event.target.closest("[data-slide-step], [data-slide-pause]");
      if (!control) return;
      if (control.hasAttribute("data-slide-pause")) set("paused", !state.paused);
      else step(Number(control.dataset.slideStep));
    });
    on(section, "mouseenter", () => set("hovered", true));
    on(section, "mouseleave", () => set("hovered", false));
    on(section, "focusin", () => set("focused", true));
    on(section, "focusout", (event) => {
      if (!section.contains(event.relatedTarget)) set("focused", false);
    });
    on(motion, "change", show);

    const stop = () => {
      clearInterval(timer);
      listening.abort();
      started.delete(section);
    };
    started.set(section, stop);
    show();
    return stop;
  };

  window.__behaviours ||= {};
  window.__behaviours.slideshow ||= startSlideshow;
  // Inline in the page: the slideshow is the element just before this script.
  const section = document.currentScript?.previousElementSibling;
  if (section?.hasAttribute("data-slideshow")) window.__behaviours.slideshow(section);
}
