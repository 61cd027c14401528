// The About slideshow on a page load (decision 058): written into the page right after the
// slideshow's HTML, so its buttons work from the first paint with no framework and no request.
// The same rules as the React component (slideshow.tsx), which runs it after a client-side
// navigation, where React never runs this script: a new slide every 5 s (SPEC.md), wrapping;
// waiting while the pointer or keyboard focus is on it, while paused, and entirely when the
// visitor prefers reduced motion.
(() => {
  const section = document.currentScript?.previousElementSibling;
  if (!section?.hasAttribute("data-slideshow")) return;
  const INTERVAL_MS = 5000;
  const slides = section.querySelectorAll('[aria-roledescription="slide"]');
  const frame = slides[0]?.parentElement;
  const caption = section.querySelector('[data-testid="slide-caption"]');
  const counter = section.querySelector("[data-slide-counter]");
  const pause = section.querySelector("[data-slide-pause]");
  const motion = matchMedia("(prefers-reduced-motion: reduce)");
  let index = 0;
  let paused = false;
  let hovered = false;
  let focused = false;
  let timer;

  const show = () => {
    const playing = !paused && !hovered && !focused && !motion.matches;
    const autoplayOn = !paused && !motion.matches;
    slides.forEach((slide, i) => {
      slide.hidden = i !== index;
    });
    section.dataset.index = String(index);
    section.toggleAttribute("data-paused", paused);
    section.dataset.autoplay = playing ? "running" : "stopped";
    frame?.setAttribute("aria-live", playing ? "off" : "polite");
    if (caption) caption.textContent = slides[index]?.dataset.caption || "";
    if (counter) counter.textContent = `${index + 1} / ${slides.length}`;
    if (pause) {
      pause.setAttribute("aria-label", autoplayOn ? "Pause slideshow" : "Play slideshow");
      pause.textContent = autoplayOn ? "\u275A\u275A" : "\u25BA";
      pause.disabled = motion.matches;
    }
    // Each change starts the 5 s again, so a slide the visitor chose is shown in full.
    clearInterval(timer);
    if (playing) timer = setInterval(() => step(1), INTERVAL_MS);
  };
  const step = (by) => {
    index = (index + by + slides.length) % slides.length;
    show();
  };

  section.addEventListener("click", (event) => {
    const control = event.target instanceof Element && event.target.closest("[data-slide-step], [data-slide-pause]");
    if (!control) return;
    if (control.hasAttribute("data-slide-pause")) {
      paused = !paused;
      show();
    } else step(Number(control.dataset.slideStep));
  });
  section.addEventListener("mouseenter", () => {
    hovered = true;
    show();
  });
  section.addEventListener("mouseleave", () => {
    hovered = false;
    show();
  });
  section.addEventListener("focusin", () => {
    focused = true;
    show();
  });
  section.addEventListener("focusout", (event) => {
    if (section.contains(event.relatedTarget)) return;
    focused = false;
    show();
  });
  motion.addEventListener("change", show);
  show();
})();
