import { expect, test } from "@playwright/test";
import { expectLoadedPicture } from "./support/card-pictures.ts";

// Issue "a finished site": every exhibition card on /exhibitions and on the home page shows a
// picture, including the pages without a hero (ICVA, Sotheby's), which name a card_image instead.

test("every exhibition card on /exhibitions has a described picture that loads", async ({ page }) => {
  await page.goto("/exhibitions");
  const cards = page.locator("main ul > li").filter({ has: page.getByRole("heading", { level: 2 }) });
  await expect(cards).toHaveCount(5);
  for (const card of await cards.all()) {
    const title = (await card.getByRole("heading", { level: 2 }).textContent()) ?? "";
    await expectLoadedPicture(card, title);
  }
  await expect(
    page.getByRole("img", { name: "The institute's reading room with a wall of visionary works" }),
  ).toBeVisible();
  await expect(page.getByRole("img", { name: /The preview wall at Sotheby's Hong Kong/ })).toBeVisible();
});

test("every exhibition card on the home page has a described picture that loads", async ({ page }) => {
  await page.goto("/");
  const cards = page.locator("section[aria-labelledby=exhibitions-title] li");
  await expect(cards).toHaveCount(5);
  for (const card of await cards.all()) {
    const title = (await card.getByRole("heading", { level: 3 }).textContent()) ?? "";
    await expectLoadedPicture(card, title);
  }
});
