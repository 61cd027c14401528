import { expect, type Locator } from "@playwright/test";

/** A card shows one picture with a real description, and the picture has loaded. */
export async function expectLoadedPicture(card: Locator, title: string) {
  const img = card.locator("img");
  await expect(img, title).toHaveCount(1);
  await expect(img, title).toHaveAttribute("alt", /\w{3,}.*\w{3,}/);
  await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { message: title })
    .toBeGreaterThan(0);
}
