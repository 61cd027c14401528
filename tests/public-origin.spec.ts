import { expect, test } from "@playwright/test";
import { gotoHydrated } from "./support/hydration.ts";

// playwright.config.ts starts the server with PUBLIC_URL = the e2e base URL, while the pages
// were prerendered at build time: every link below must name the configured origin.

test.describe("the public origin in links crawlers and feed readers follow", { tag: "@desktop" }, () => {
  test("a prerendered page's canonical and Open Graph URL use PUBLIC_URL, and its head links the feed", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/cv");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/cv`);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}/cv`);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", new RegExp(`^${baseURL}/img/`));
    await expect(page.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute(
      "href",
      "/feed.xml",
    );
    expect(await page.content()).not.toContain(".invalid");
  });

  test("after hydration and a client-side navigation the canonical still names the site", async ({ page, baseURL }) => {
    await gotoHydrated(page, "/art");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/art`);
    await page.getByRole("navigation").getByRole("link", { name: "Quotes", exact: true }).first().click();
    await expect(page).toHaveURL(/\/quotes$/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/quotes`);
  });

  test("reached under another host name, a hydrated page keeps one canonical link, on the configured origin", async ({
    page,
    baseURL,
  }) => {
    // localhost instead of PUBLIC_URL's 127.0.0.1: the browser must not name its own origin.
    const otherName = (baseURL as string).replace("127.0.0.1", "localhost");
    await gotoHydrated(page, `${otherName}/art`);
    await page.getByRole("navigation").getByRole("link", { name: "Quotes", exact: true }).first().click();
    await expect(page).toHaveURL(/\/quotes$/);
    const canonical = page.locator('link[rel="canonical"]');
    await expect(canonical).toHaveCount(1);
    await expect(canonical).toHaveAttribute("href", `${baseURL}/quotes`);
  });

  // Requests only, the same at any width: run once.
  test("the feed, the sitemap and robots.txt name the configured origin", { tag: "@desktop" }, async ({
    request,
    baseURL,
  }) => {
    const feed = await request.get("/feed.xml");
    expect(feed.headers()["content-type"]).toBe("application/atom+xml; charset=utf-8");
    const atom = await feed.text();
    expect(atom).toContain(`<link rel="self" type="application/atom+xml" href="${baseURL}/feed.xml"/>`);
    expect(atom).toContain(`href="${baseURL}/articles/the-boy-and-the-plant"`);
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`<loc>${baseURL}/interviews/delphine-marrow-and-umbra-interview</loc>`);
    expect(await (await request.get("/robots.txt")).text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test("a page's build file is never sent as it is: /about/index.html and /index.html lead to the page", async ({
    request,
    baseURL,
  }) => {
    for (const [file, page] of [
      ["/about/index.html", "/about"],
      ["/art/index.html", "/art"],
      ["/index.html", "/"],
    ] as const) {
      const answer = await request.get(file, { maxRedirects: 0 });
      expect(answer.status(), file).toBe(301);
      expect(answer.headers().location, file).toBe(page);
    }
    const followed = await request.get("/about/index.html");
    expect(await followed.text()).toContain(`<link rel="canonical" href="${baseURL}/about"`);
    // Spelled so that no redirect matches, the file is still not sent: the site's 404 page is.
    const encoded = await request.get("/about/index%2Ehtml", { maxRedirects: 0 });
    expect(encoded.status()).toBe(404);
    expect(await encoded.text()).not.toContain(".invalid");
  });
});
