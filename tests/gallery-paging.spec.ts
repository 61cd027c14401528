import { expect, type Page, test } from "@playwright/test";
import { showGalleryFilters } from "./support/gallery-filters.ts";
import { gotoHydrated } from "./support/hydration.ts";

// The real catalogue shows 118 works, pages of 36 (decision 054); `?per=50` makes three pages of it
// (50, 50, 18), so paging is tested on the real build (decision 021).
const cards = (page: Page) => page.getByRole("main").getByRole("listitem");
const titles = (page: Page) => cards(page).getByRole("heading", { level: 2 });
const more = (page: Page) => page.getByRole("link", { name: "More works" });

test.describe("gallery pages with JavaScript", () => {
  test("More works adds the next page in place, keeps the URL, loads on scroll after the first, and Back restores", async ({
    page,
  }) => {
    // Three pages, two work pages and a filter on a shared 2-core machine.
    test.slow();
    await gotoHydrated(page, "/art?per=50");
    await expect(cards(page)).toHaveCount(50);
    await expect(page.getByText("118 works")).toBeVisible();
    await expect(page.getByText("Works 1 to 50 of 118")).toBeVisible();
    const fifty = await titles(page).allTextContents();
    await page.evaluate(() => {
      (window as { sameDocument?: boolean }).sameDocument = true;
    });

    await more(page).click();
    await expect(page).toHaveURL(/\/art\?per=50&page=2$/);
    // The cards' request can queue behind images being derived for the first time on this fresh
    // data folder (six connections per host), so allow for it.
    await expect(cards(page)).toHaveCount(100, { timeout: 20_000 });
    expect((await titles(page).allTextContents()).slice(0, 50)).toEqual(fifty);
    await expect(page.getByRole("link", { name: "Earlier works" })).toHaveCount(0);

    // After one click, the next page follows when the link scrolls into view.
    // Scrolled down to the end, as a visitor would, until the observer has seen it.
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(page).toHaveURL(/\/art\?per=50&page=3$/, { timeout: 1_000 });
    }).toPass();
    await expect(cards(page)).toHaveCount(118, { timeout: 20_000 });
    await expect(more(page)).toHaveCount(0);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // Open the last work, then come back: all three pages, by history and by the page's link.
    const last = (await titles(page).last().textContent()) ?? "";
    await cards(page).last().getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(last);
    await page.goBack();
    await expect(page).toHaveURL(/page=3$/);
    await expect(cards(page)).toHaveCount(118);
    await cards(page).last().getByRole("link").click();
    await page.getByRole("link", { name: "← Back to Gallery" }).click();
    await expect(page).toHaveURL(/\/art\?per=50&page=3$/);
    await expect(cards(page)).toHaveCount(118);

    // A filter starts the view again at its first page, keeping the page size.
    await showGalleryFilters(page);
    await page.getByLabel("Filter by series").selectOption("Secrets");
    await expect(page).toHaveURL(/\/art\?series=Secrets&per=50$/);
    await expect(cards(page)).toHaveCount(12);
    await expect(more(page)).toHaveCount(0);
  });

  test("a reload of a later page shows that page, with a link to the earlier ones", async ({ page }) => {
    await gotoHydrated(page, "/art?per=50&page=2");
    await expect(cards(page)).toHaveCount(50);
    await expect(page.getByRole("link", { name: "Earlier works" })).toHaveAttribute("href", "/art?per=50");
    await expect(more(page)).toHaveAttribute("href", "/art?per=50&page=3");
  });
});

test.describe("gallery pages with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("More works is a plain link to the next page, and the form keeps the page size", async ({ page }) => {
    await page.goto("/art?per=50", { waitUntil: "domcontentloaded" });
    await expect(cards(page)).toHaveCount(50);
    const first = await titles(page).allTextContents();
    await expect(more(page)).toHaveAttribute("href", "/art?per=50&page=2");
    await more(page).click();
    await expect(page).toHaveURL(/\/art\?per=50&page=2$/);
    await expect(cards(page)).toHaveCount(50);
    expect(await titles(page).allTextContents()).not.toContain(first[0]);
    await more(page).click();
    await expect(cards(page)).toHaveCount(18);
    await expect(more(page)).toHaveCount(0);
    await page.getByRole("link", { name: "Earlier works" }).click();
    await expect(page).toHaveURL(/\/art\?per=50&page=2$/);

    await showGalleryFilters(page);
    await page.getByLabel("Filter by series").selectOption("Secrets");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/per=50/);
    await expect(page).not.toHaveURL(/page=/);
    await expect(cards(page)).toHaveCount(12);
  });
});

test.describe("bad page numbers", { tag: "@desktop" }, () => {
  for (const [query, status, heading, message] of [
    ["page=0", 400, "Not a page of the gallery", 'page must be a whole number from 1 (got "0")'],
    ["page=abc", 400, "Not a page of the gallery", 'page must be a whole number from 1 (got "abc")'],
    ["page=-2", 400, "Not a page of the gallery", 'page must be a whole number from 1 (got "-2")'],
    ["page=1.5", 400, "Not a page of the gallery", 'page must be a whole number from 1 (got "1.5")'],
    ["per=5", 400, "Not a page of the gallery", 'per must be a whole number from 10 to 120 (got "5")'],
    ["page=5", 404, "No such page of works", "There is no page 5 of this view: it has 4 pages."],
    ["series=Secrets&page=2", 404, "No such page of works", "There is no page 2 of this view: it has 1 page."],
    ["per=50&page=99999", 404, "No such page of works", "There is no page 99999 of this view: it has 3 pages."],
  ] as const) {
    test(`/art?${query} answers ${status} with a message`, async ({ page }) => {
      const response = await page.goto(`/art?${query}`, { waitUntil: "domcontentloaded" });
      expect(response?.status()).toBe(status);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.getByText(message)).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: "Browse the artworks" })).toHaveAttribute(
        "href",
        "/art",
      );
    });
  }

  // Requests only, the same at any width: run once.
  test("GET /api/artworks answers pages as JSON and bad ones with 400/404 and a message", { tag: "@desktop" }, async ({
    request,
  }) => {
    const second = await request.get("/api/artworks?per=50&page=2");
    expect(second.status()).toBe(200);
    const body = await second.json();
    expect(body).toMatchObject({ page: 2, pages: 3, total: 118, query: "per=50&page=2" });
    expect(body.cards).toHaveLength(50);
    for (const [query, status, field] of [
      ["page=0", 400, "page"],
      ["page=%00", 400, "page"],
      [`page=${"9".repeat(400)}`, 400, "page"],
      ["per=1000", 400, "per"],
      ["page=4&per=50", 404, "page"],
    ] as const) {
      const response = await request.get(`/api/artworks?${query}`);
      expect(response.status(), query).toBe(status);
      expect(await response.json()).toMatchObject({ field, message: expect.stringMatching(/^(page|per|There)/) });
    }
  });
});
