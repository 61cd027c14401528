// @vitest-environment happy-dom
import { act, cleanup, render } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PictureImagesProvider } from "#app/components/picture-images.tsx";
import { pageImage } from "#app/images/page-image-lookup.ts";
import { picturesFor } from "#app/images/picture-images.server.ts";
import { Slideshow } from "./slideshow.tsx";

/** SPEC.md: a new slide every 5 seconds. */
const INTERVAL_MS = 5000;

const images = ["slide-secrets-opening", "slide-secrets-long-wall", "slide-studio-bench"].map((name) =>
  pageImage("about", name),
);
const slides = images.map((image, i) => ({ image, caption: `Caption ${i + 1}` }));
const ui = (
  <PictureImagesProvider images={picturesFor(images)}>
    <Slideshow slides={slides} label="Exhibitions, studio and prints" />
  </PictureImagesProvider>
);

/** On a page load: the server's markup, and slideshow.script.js started on it as the page's inline copy starts it. */
async function onPageLoad() {
  document.body.innerHTML = renderToString(ui);
  await import("./slideshow.script.js");
  const section = document.querySelector<HTMLElement>("[data-slideshow]");
  if (!section) throw new Error("no slideshow in the markup");
  window.__behaviours?.slideshow?.(section);
  return { section, leave: () => document.body.replaceChildren() };
}

/** After a client-side navigation: React renders the slideshow and starts the same script on it. */
async function afterClientNavigation() {
  const { container, unmount } = render(ui);
  await act(async () => {
    await import("./slideshow.script.js");
  });
  const section = container.querySelector<HTMLElement>("[data-slideshow]");
  if (!section) throw new Error("no slideshow rendered");
  return { section, leave: unmount };
}

function shown(section: HTMLElement) {
  const slide = section.querySelector<HTMLElement>('[aria-roledescription="slide"]:not([hidden])');
  return {
    slide: slide?.getAttribute("aria-label"),
    caption: section.querySelector('[data-testid="slide-caption"]')?.textContent,
    counter: section.querySelector("[data-slide-counter]")?.textContent,
  };
}

const button = (section: HTMLElement, name: string) => {
  const found = section.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`);
  if (!found) throw new Error(`no button "${name}"`);
  return found;
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  document.body.replaceChildren();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe.each([
  ["on a page load", onPageLoad],
  ["after a client-side navigation", afterClientNavigation],
])("the About slideshow %s (one script: slideshow.script.js)", (_, start) => {
  it("shows a new slide every 5 s and wraps from the last to the first", async () => {
    const { section } = await start();
    expect(shown(section)).toEqual({ slide: "1 of 3", caption: "Caption 1", counter: "1 / 3" });
    expect(section.dataset.autoplay).toBe("running");
    vi.advanceTimersByTime(INTERVAL_MS - 1);
    expect(shown(section).slide).toBe("1 of 3");
    vi.advanceTimersByTime(1);
    expect(shown(section)).toEqual({ slide: "2 of 3", caption: "Caption 2", counter: "2 / 3" });
    vi.advanceTimersByTime(2 * INTERVAL_MS);
    expect(shown(section).slide).toBe("1 of 3");
  });

  it("gives a slide chosen with Next or Previous its full 5 s: the timer starts again", async () => {
    const { section } = await start();
    vi.advanceTimersByTime(4000);
    button(section, "Next slide").click();
    expect(shown(section).slide).toBe("2 of 3");
    // 5 s after the page started, 1 s after the click: the chosen slide stays.
    vi.advanceTimersByTime(4000);
    expect(shown(section).slide).toBe("2 of 3");
    vi.advanceTimersByTime(1000);
    expect(shown(section).slide).toBe("3 of 3");
    vi.advanceTimersByTime(2500);
    button(section, "Previous slide").click();
    expect(shown(section)).toEqual({ slide: "2 of 3", caption: "Caption 2", counter: "2 / 3" });
    vi.advanceTimersByTime(INTERVAL_MS - 1);
    expect(shown(section).slide).toBe("2 of 3");
    vi.advanceTimersByTime(1);
    expect(shown(section).slide).toBe("3 of 3");
  });

  it("waits while hovered, focused or paused, then gives the slide a full 5 s", async () => {
    const { section } = await start();
    vi.advanceTimersByTime(4000);
    section.dispatchEvent(new MouseEvent("mouseenter"));
    expect(section.dataset.autoplay).toBe("stopped");
    vi.advanceTimersByTime(20_000);
    section.dispatchEvent(new MouseEvent("mouseleave"));
    vi.advanceTimersByTime(INTERVAL_MS - 1);
    expect(shown(section).slide).toBe("1 of 3");
    vi.advanceTimersByTime(1);
    expect(shown(section).slide).toBe("2 of 3");

    section.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    vi.advanceTimersByTime(20_000);
    expect(shown(section).slide).toBe("2 of 3");
    section.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));

    button(section, "Pause slideshow").click();
    expect(section.hasAttribute("data-paused")).toBe(true);
    expect(button(section, "Play slideshow").textContent).toBe("►");
    vi.advanceTimersByTime(20_000);
    expect(shown(section).slide).toBe("2 of 3");
    button(section, "Play slideshow").click();
    expect(section.dataset.autoplay).toBe("running");
    vi.advanceTimersByTime(INTERVAL_MS);
    expect(shown(section).slide).toBe("3 of 3");
  });

  it("never moves by itself when the visitor prefers reduced motion, and Pause is disabled", async () => {
    const motion = Object.assign(new EventTarget(), { matches: true, media: "(prefers-reduced-motion: reduce)" });
    vi.stubGlobal("matchMedia", () => motion);
    const { section } = await start();
    expect(section.dataset.autoplay).toBe("stopped");
    expect(button(section, "Play slideshow").disabled).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(shown(section).slide).toBe("1 of 3");
    button(section, "Next slide").click();
    expect(shown(section).slide).toBe("2 of 3");
  });
});

describe("the About slideshow after a client-side navigation", () => {
  it("stops its timer when the page is left", async () => {
    const { leave } = await afterClientNavigation();
    expect(vi.getTimerCount()).toBe(1);
    leave();
    expect(vi.getTimerCount()).toBe(0);
  });
});
