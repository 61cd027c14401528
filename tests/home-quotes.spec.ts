import { expect, test } from "@playwright/test";

// The home page shows a few quotes from the public wall (DESIGN.md), rendered on request; the
// admin spec checks that one made private leaves it (it changes the wall, so it runs last).
test.describe("home page quotes", () => {
  test("shows the three newest public quotes, each on /quotes, with a link to the wall", async ({ page, request }) => {
    const wall = (await (await request.get("/api/quotes?limit=3")).json()) as { quotes: Array<{ text: string }> };
    await page.goto("/");
    const section = page.getByRole("region", { name: "From the quote wall" });
    const quotes = section.locator("blockquote");
    await expect(quotes).toHaveCount(3);
    const shown = (await quotes.allTextContents()).map((t) => t.trim().replace(/^“|”$/g, ""));
    expect(shown).toEqual(wall.quotes.map((q) => q.text));
    await section.getByRole("link", { name: "More quotes" }).click();
    await expect(page).toHaveURL(/\/quotes$/);
    const cards = page.getByRole("list", { name: "Quotes" }).locator("blockquote");
    const onWall = (await cards.allTextContents()).map((t) => t.trim());
    for (const text of shown) expect(onWall).toContain(text);
  });

  // Requests only, the same at any width: run once.
  test("stays a page without framework JavaScript, answered from memory to anonymous visitors", {
    tag: "@desktop",
  }, async ({ request }) => {
    const first = await request.get("/");
    expect(first.status()).toBe(200);
    expect(await first.text()).not.toMatch(/<script[^>]*type="module"/);
    // Kept in memory after a render (compressed in the background): then without a per-request
    // nonce, and with its stylesheets inlined as when the page was prerendered.
    const kept = /<style>[^<]+<\/style><link rel="stylesheet" href="\/assets\/[^"]+\.css" disabled=""\/>/;
    await expect.poll(async () => (await request.get("/")).text()).toMatch(kept);
    const html = await (await request.get("/")).text();
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).not.toContain('nonce="');
    expect(html).toContain("From the quote wall");
  });
});
