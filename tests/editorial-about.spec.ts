import { expect, type Page, test } from "@playwright/test";
import { gotoHydrated } from "./support/hydration.ts";

// The About page (split from editorial.spec.ts by topic).
test.describe("About page content", () => {
  test("has 14 slides, a pull quote, 6 prints and six feature cards to the exhibitions and /art", async ({ page }) => {
    await page.goto("/about");
    await expect(page.locator('main [aria-roledescription="slide"]')).toHaveCount(14);
    await expect(page.locator("main blockquote")).toHaveCount(1);
    await expect(page.getByRole("region", { name: "Limited edition prints" }).getByRole("img")).toHaveCount(6);
    const readMore = page.getByRole("link", { name: /^Read More/ });
    await expect(readMore).toHaveCount(6);
    const targets = await readMore.evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(targets.sort()).toEqual(
      [
        "/art",
        "/exhibitions/art-basel-miami-2023",
        "/exhibitions/icva-partnership-2025",
        "/exhibitions/residency-in-the-amazon-peru-2025",
        "/exhibitions/solo-exhibition-london-2024",
        "/exhibitions/sothebys-hong-kong-2023",
      ].sort(),
    );
    await expect(page.locator("main")).toContainText("1988");
  });

  // Resizes the viewport itself, so it runs once.
  test("print tiles are 250, 220, 180 and 150 px high at the SPEC.md breakpoints", { tag: "@desktop" }, async ({
    page,
  }) => {
    await page.goto("/about");
    const tile = page.getByRole("region", { name: "Limited edition prints" }).getByRole("listitem").first();
    for (const [width, height] of [
      [1280, 250],
      [1100, 220],
      [700, 180],
      [400, 150],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(async () => (await tile.boundingBox())?.height).toBe(height);
    }
  });
});

test.describe("About slideshow", () => {
  const caption = (page: Page) => page.getByTestId("slide-caption");
  const slideshow = (page: Page) => page.getByRole("region", { name: "Exhibitions, studio and prints" });

  /**
   * Installs the fake clock, waits for autoplay, then pauses the clock and restarts the slide
   * timer (focus in and out) so the next advance is exactly 5 s away. Returns the current caption.
   */
  async function openWithClock(page: Page): Promise<string> {
    await page.clock.install();
    await page.goto("/about");
    await expect(slideshow(page)).toHaveAttribute("data-autoplay", "running");
    // A little ahead of the page clock, which keeps running until paused.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 3000));
    await page.getByRole("button", { name: "Next slide" }).focus();
    await expect(slideshow(page)).toHaveAttribute("data-autoplay", "stopped");
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(0, 0);
    await expect(slideshow(page)).toHaveAttribute("data-autoplay", "running");
    return (await caption(page).textContent()) ?? "";
  }

  const currentSlide = (page: Page) => page.locator('main [aria-roledescription="slide"]:not([hidden])');

  test("advances every 5 seconds and wraps from the 14th slide to the first", async ({ page }) => {
    const start = await openWithClock(page);
    const startLabel = await currentSlide(page).getAttribute("aria-label");
    const startIndex = Number(startLabel?.split(" ")[0]);
    await page.clock.runFor(4900);
    await expect(caption(page)).toHaveText(start);
    await page.clock.runFor(200);
    await expect(caption(page)).not.toHaveText(start);
    await expect(currentSlide(page)).toHaveAttribute("aria-label", `${(startIndex % 14) + 1} of 14`);
    // Run on to the 14th slide, then one more step wraps to the first.
    await page.clock.runFor(5000 * (14 - ((startIndex % 14) + 1)));
    await expect(currentSlide(page)).toHaveAttribute("aria-label", "14 of 14");
    await page.clock.runFor(5000);
    await expect(currentSlide(page)).toHaveAttribute("aria-label", "1 of 14");
  });

  // Hover is a desktop interaction.
  test("pauses while hovered or focused and on the pause button", { tag: "@desktop" }, async ({ page }) => {
    const start = await openWithClock(page);
    await slideshow(page).hover();
    await expect(slideshow(page)).toHaveAttribute("data-autoplay", "stopped");
    await page.clock.runFor(12_000);
    await expect(caption(page)).toHaveText(start);
    await page.mouse.move(0, 0);
    await page.clock.runFor(5000);
    await expect(caption(page)).not.toHaveText(start);
    const second = (await caption(page).textContent()) ?? "";

    await page.getByRole("button", { name: "Pause slideshow" }).focus();
    await page.clock.runFor(12_000);
    await expect(caption(page)).toHaveText(second);
    await page.getByRole("button", { name: "Pause slideshow" }).click();
    // Focus and pointer leave; the pause button alone keeps it stopped.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(0, 0);
    await page.clock.runFor(12_000);
    await expect(caption(page)).toHaveText(second);
    await expect(page.getByRole("button", { name: "Play slideshow" })).toBeVisible();
  });

  test("previous and next buttons move one slide and wrap", async ({ page }) => {
    // Reduced motion keeps autoplay from moving the slide between clicks.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/about");
    // The page's script has read the setting: reduced motion has turned autoplay off.
    await expect(page.getByRole("button", { name: "Play slideshow" })).toBeDisabled();
    await page.getByRole("button", { name: "Previous slide" }).click();
    await expect(page.getByRole("group", { name: "14 of 14" })).toBeVisible();
    await page.getByRole("button", { name: "Next slide" }).click();
    await expect(page.getByRole("group", { name: "1 of 14" })).toBeVisible();
    await page.getByRole("button", { name: "Next slide" }).click();
    await expect(page.getByRole("group", { name: "2 of 14" })).toBeVisible();
  });

  test("does not auto-advance when the visitor prefers reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await page.goto("/about");
    await expect(page.getByRole("button", { name: "Play slideshow" })).toBeDisabled();
    await page.mouse.move(0, 0);
    await page.clock.runFor(20_000);
    await expect(currentSlide(page)).toHaveAttribute("aria-label", "1 of 14");
    await expect(slideshow(page)).toHaveAttribute("data-autoplay", "stopped");
  });

  test("after a client-side navigation from a page React runs, React runs the slideshow by the same rules", async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await gotoHydrated(page, "/art");
    await page.getByRole("contentinfo").getByRole("link", { name: "About", exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    // Still the page React started on: no new document was loaded.
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Play slideshow" })).toBeDisabled();
    await page.getByRole("button", { name: "Previous slide" }).click();
    await expect(currentSlide(page)).toHaveAttribute("aria-label", "14 of 14");
    await expect(caption(page)).toHaveText((await currentSlide(page).getAttribute("data-caption")) ?? "");
    await page.getByRole("button", { name: "Next slide" }).click();
    await expect(currentSlide(page)).toHaveAttribute("aria-label", "1 of 14");
  });
});
