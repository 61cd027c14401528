import { expect, test } from "@playwright/test";
import { holdScriptFilesButTheHeaders } from "./support/held-scripts.ts";

// Issue 20: a visitor's first tap must do what it says from first paint, on any network: on the
// pages that ship no framework (decision 058) the one-image viewer opens, the slide moves.

test("a tap on an exhibition image opens the viewer, not the JPEG, with every other script file held back", async ({
  page,
}) => {
  const heldScripts = await holdScriptFilesButTheHeaders(page);
  await page.goto("/exhibitions/art-basel-miami-2023", { waitUntil: "domcontentloaded" });
  const gallery = page.getByRole("list", { name: "Residency photographs" });
  const first = gallery.getByRole("link").first();
  const alt = await first.locator("img").getAttribute("alt");
  await first.click();
  const viewer = page.getByRole("dialog", { name: "Image viewer" });
  await expect(viewer).toBeVisible();
  await expect(viewer.locator("img")).toHaveAttribute("alt", alt!);
  await expect(page).toHaveURL(/\/exhibitions\/art-basel-miami-2023$/);
  await viewer.getByRole("button", { name: "Close" }).click();
  await expect(viewer).toBeHidden();
  await expect(first).toBeFocused();
  await page.waitForLoadState("load");
  expect(heldScripts).toEqual([]);
});

test("the About slideshow's buttons work from the first paint with every other script file held back, and no framework is asked for", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  // No script file but the header's menus arrives (decision 058): the slideshow's own lines are
  // in the page. Any other is held, as on a line that never delivers it.
  const heldScripts = await holdScriptFilesButTheHeaders(page);
  // Reduced motion: no autoplay step moves the slide between the taps.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/about", { waitUntil: "domcontentloaded" });
  const current = page.locator('main [aria-roledescription="slide"]:not([hidden])');
  await expect(current).toHaveAttribute("aria-label", "1 of 14");
  await expect(page.getByRole("button", { name: "Play slideshow" })).toBeDisabled();
  await page.getByRole("button", { name: "Next slide" }).click({ timeout: 3000 });
  await expect(current).toHaveAttribute("aria-label", "2 of 14");
  await expect(page.getByTestId("slide-caption")).toHaveText((await current.getAttribute("data-caption")) ?? "");
  await page.getByRole("button", { name: "Previous slide" }).click();
  await page.getByRole("button", { name: "Previous slide" }).click();
  await expect(current).toHaveAttribute("aria-label", "14 of 14");
  await expect(current).toHaveCount(1);
  await expect(page.getByTestId("slide-caption")).toHaveText((await current.getAttribute("data-caption")) ?? "");
  await expect(page.locator("[data-slide-counter]")).toHaveText("14 / 14");
  // Nothing else was asked for, the framework least of all.
  await page.waitForLoadState("load");
  expect(heldScripts).toEqual([]);
  expect(errors).toEqual([]);
});
