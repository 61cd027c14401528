import { expect, type Page, test } from "@playwright/test";

// Issue 20: on a deferred page (decision 011) a visitor's first tap must do what it says from
// first paint, even when React arrives seconds later: the one-image viewer opens, the slide moves.

/** Holds the framework's entry module until `release` is called, as a slow network would. */
async function holdFramework(page: Page) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/entry.client-*.js", async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const notHydrated = (page: Page) => expect(page.locator("html[data-hydrated]")).toHaveCount(0);

test("a tap on an exhibition image before React starts opens the viewer, not the JPEG", async ({ page }) => {
  const release = await holdFramework(page);
  await page.goto("/exhibitions/art-basel-miami-2023");
  const gallery = page.getByRole("list", { name: "Residency photographs" });
  const first = gallery.getByRole("link").first();
  const alt = await first.locator("img").getAttribute("alt");
  await notHydrated(page);
  await first.click();
  // The tap is kept: the page stays, and the viewer opens once React is there.
  await expect(page).toHaveURL(/\/exhibitions\/art-basel-miami-2023$/);
  await notHydrated(page);
  release();
  const viewer = page.getByRole("dialog", { name: "Image viewer" });
  await expect(viewer).toBeVisible();
  await expect(viewer.locator("img")).toHaveAttribute("alt", alt!);
  await expect(page).toHaveURL(/\/exhibitions\/art-basel-miami-2023$/);
  await viewer.getByRole("button", { name: "Close" }).click();
  await expect(viewer).toBeHidden();
});

test("the About slideshow's Next and Previous move the slide before React starts, and React keeps it", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  // Reduced motion: no autoplay step moves the slide between the taps.
  await page.emulateMedia({ reducedMotion: "reduce" });
  const release = await holdFramework(page);
  await page.goto("/about");
  await notHydrated(page);
  const current = page.locator('main [aria-roledescription="slide"]:not([hidden])');
  await expect(current).toHaveAttribute("aria-label", "1 of 14");
  await page.getByRole("button", { name: "Next slide" }).click({ timeout: 3000 });
  await expect(current).toHaveAttribute("aria-label", "2 of 14");
  await page.getByRole("button", { name: "Previous slide" }).click();
  await page.getByRole("button", { name: "Previous slide" }).click();
  await expect(current).toHaveAttribute("aria-label", "14 of 14");
  await expect(current).toHaveCount(1);
  const caption = await page.getByTestId("slide-caption").textContent();
  await notHydrated(page);
  release();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // React took over where the visitor left it, and its own buttons go on from there.
  await expect(page.getByRole("button", { name: "Play slideshow" })).toBeDisabled();
  await expect(current).toHaveAttribute("aria-label", "14 of 14");
  await expect(page.getByTestId("slide-caption")).toHaveText(caption!);
  await page.getByRole("button", { name: "Next slide" }).click();
  await expect(current).toHaveAttribute("aria-label", "1 of 14");
  await expect(current).toHaveCount(1);
  // React hydrated the moved slideshow as it found it (no mismatch, no re-render from scratch).
  expect(errors).toEqual([]);
});
