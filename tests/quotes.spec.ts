import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./accessibility.ts";
import { gotoHydrated } from "./support/hydration.ts";

const LONG_DATE =
  /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}$/;

test.describe("public quote wall", () => {
  test("is server-rendered with public quotes only, newest first, dated in US long form", async ({ page, request }) => {
    const html = await (await request.get("/quotes")).text();
    expect(html).toContain("Plants do not rush and they still cover the earth.");
    expect(html).toContain("September 25, 2025");
    // A seeded quote the admin has not made public.
    expect(html).not.toContain("Some days the painting is a prayer");

    await page.goto("/quotes");
    await expect(page).toHaveTitle("Quotes - Umbra");
    await expect(page.getByRole("heading", { level: 1, name: "Quotes" })).toBeVisible();
    const cards = page.getByRole("list", { name: "Quotes" }).getByRole("listitem");
    await expect(cards).toHaveCount(24);
    const times = page.locator("main time");
    const stamps = await times.evaluateAll((els) => els.map((el) => el.getAttribute("datetime") ?? ""));
    expect([...stamps].sort().reverse()).toEqual(stamps);
    for (const text of await times.allTextContents()) expect(text).toMatch(LONG_DATE);
    await expect(cards.first()).toContainText("Plants do not rush");
    await expect(cards.first()).toContainText("September 25, 2025");
  });

  test("kept in memory, reaches its first paint in one response: no stylesheet blocks it (issue 20) @desktop", async ({
    request,
  }) => {
    const kept = /<style>[^<]+<\/style>/;
    await expect.poll(async () => (await request.get("/quotes")).text()).toMatch(kept);
    const html = await (await request.get("/quotes")).text();
    const stylesheets = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
    expect(stylesheets.length).toBeGreaterThan(0);
    for (const link of stylesheets) expect(link).toContain('disabled=""');
    expect(html).toContain("Plants do not rush and they still cover the earth.");
  });

  test("loads more quotes on demand", async ({ page }) => {
    await page.goto("/quotes");
    const cards = page.getByRole("list", { name: "Quotes" }).getByRole("listitem");
    await expect(cards).toHaveCount(24);
    await page.getByRole("link", { name: "More quotes" }).click();
    await expect.poll(() => cards.count()).toBeGreaterThan(24);
    await expect(cards.last()).toContainText("Started painting at night again.");
    await expect(page.getByRole("link", { name: "More quotes" })).toHaveCount(0);
  });

  test("search narrows the wall and keeps the search in the address", async ({ page }) => {
    await page.goto("/quotes");
    await page.getByLabel("Search quotes").fill("paint");
    const cards = page.getByRole("list", { name: "Quotes" }).getByRole("listitem");
    await expect(cards.first()).toContainText(/paint/i);
    await expect.poll(() => cards.count()).toBeLessThan(24);
    for (const text of await cards.allTextContents()) expect(text).toMatch(/paint/i);
    await expect(page).toHaveURL(/\?q=paint$/);

    await page.getByLabel("Search quotes").fill("zebrafishmoon");
    await expect(page.getByText("No quotes match “zebrafishmoon”.")).toBeVisible();
  });

  test("a search works without JavaScript too", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/quotes?q=chamber");
    await expect(page.locator("main li")).toHaveText([
      /Five days in the chamber\. Hundreds of voices\. Not one face\.December 8, 2023/,
    ]);
    await context.close();
  });

  test("shows Loading... then Error: with the server's message when a load fails @desktop", async ({ page }) => {
    await page.goto("/quotes");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/quotes?**", async (route) => {
      await held;
      await route.fulfill({
        status: 503,
        contentType: "application/json",
        body: '{"message":"The database is resting"}',
      });
    });
    await page.getByLabel("Search quotes").fill("light");
    await expect(page.getByText("Loading...")).toBeVisible();
    release();
    await expect(page.getByRole("alert")).toHaveText("Error: The database is resting");
    await expect(page.getByText("Loading...")).toHaveCount(0);
  });

  test("a page address the server cannot read shows Error: with the reason @desktop", async ({ page }) => {
    const response = await page.goto("/quotes?cursor=not-a-cursor");
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText(/^Error: cursor: /);
  });

  test("has no serious accessibility violations", async ({ page }) => {
    await page.goto("/quotes");
    await expectNoSeriousA11yViolations(page);
  });

  test("after a client-side navigation from a page React runs, React runs the search and More quotes", async ({
    page,
  }) => {
    await gotoHydrated(page, "/art");
    await page.getByRole("contentinfo").getByRole("link", { name: "Quotes", exact: true }).click();
    await expect(page).toHaveURL(/\/quotes$/);
    // Still the page React started on: no new document was loaded.
    expect(await page.evaluate(() => performance.getEntriesByType("navigation")[0]?.name)).toMatch(/\/art$/);
    const cards = page.getByRole("list", { name: "Quotes" }).getByRole("listitem");
    await expect(cards).toHaveCount(24);
    await page.getByRole("link", { name: "More quotes" }).click();
    await expect.poll(() => cards.count()).toBeGreaterThan(24);
    await page.getByLabel("Search quotes").fill("chamber");
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText("Five days in the chamber");
    await expect(page).toHaveURL(/\?q=chamber$/);
  });
});
