import { expect, test } from "@playwright/test";
import { expectLoadedPicture } from "./support/card-pictures.ts";
import { galleryFilterToggle } from "./support/gallery-filters.ts";

// Issue 15's public items on a 1024 px touch screen (an iPad in landscape): the gallery keeps
// its five controls in view, every exhibition card shows its picture, and the home page's quotes
// from the wall lead to the wall by a tap. The artwork page, its zoom, the header's menu and the
// admin screen have their own 1024 px touch tests (artwork-page, artwork-zoom,
// header-and-first-screens, admin).
test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

test.describe("at 1024 px with touch", { tag: "@desktop" }, () => {
  test("the gallery shows its five controls, no Filter button, and a whole work on the first screen", async ({
    page,
  }) => {
    await page.goto("/art");
    await expect(galleryFilterToggle(page)).toBeHidden();
    for (const label of ["Filter by availability", "Filter by chain", "Filter by series", "Sort by year"]) {
      await expect(page.getByLabel(label)).toBeVisible();
    }
    await expect(page.getByPlaceholder("Search titles...")).toBeVisible();
    const firstImage = page.locator("main a[href^='/art/'] img").first();
    const box = await firstImage.boundingBox();
    expect(box, "the first work's picture").not.toBeNull();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(768);
    // A tap on a work opens its page.
    const href = (await page.locator("main a[href^='/art/']").first().getAttribute("href")) ?? "";
    await firstImage.tap();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("every exhibition card, on /exhibitions and on the home page, shows a described picture", async ({ page }) => {
    await page.goto("/exhibitions");
    const indexCards = page.locator("main ul > li").filter({ has: page.getByRole("heading", { level: 2 }) });
    await expect(indexCards).toHaveCount(5);
    for (const card of await indexCards.all()) {
      await expectLoadedPicture(card, (await card.getByRole("heading", { level: 2 }).textContent()) ?? "");
    }
    await page.goto("/");
    const homeCards = page.locator("section[aria-labelledby=exhibitions-title] li");
    await expect(homeCards).toHaveCount(5);
    for (const card of await homeCards.all()) {
      await expectLoadedPicture(card, (await card.getByRole("heading", { level: 3 }).textContent()) ?? "");
    }
  });

  test("the home page's quotes from the wall lead to the wall by a tap", async ({ page }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "From the quote wall" });
    await expect(section.locator("blockquote")).toHaveCount(3);
    const more = section.getByRole("link", { name: "More quotes" });
    await more.scrollIntoViewIfNeeded();
    await more.tap();
    await expect(page).toHaveURL(/\/quotes$/);
  });
});
