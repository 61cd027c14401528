import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./accessibility.ts";
import { gotoHydrated } from "./support/hydration.ts";

test.describe("site shell", () => {
  test("home page is server-rendered inside the header and footer", async ({ page, request }) => {
    const html = await (await request.get("/")).text();
    expect(html).toContain("<header");
    expect(html).toContain("<footer");
    // The logo, drawn in the page and named by the brand (decision 057).
    expect(html).toContain('role="img" aria-label="Umbra"');

    await page.goto("/");
    await expect(page).toHaveTitle(/Umbra/);
    const header = page.locator("header").first();
    await expect(header).toBeVisible();
    const box = await header.boundingBox();
    expect(box?.height).toBe(90);
    expect(box?.y).toBe(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Umbra" }).first()).toHaveAttribute("href", "/");
  });

  test("header stays fixed at the top while the page scrolls", async ({ page }) => {
    await page.goto("/");
    await page.mouse.wheel(0, 1500);
    await page.waitForFunction(() => window.scrollY > 500);
    const box = await page.locator("header").first().boundingBox();
    expect(box?.y).toBe(0);
  });

  test("desktop nav: links and an Exhibitions dropdown on hover and keyboard focus", { tag: "@desktop" }, async ({
    page,
  }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "About" })).toHaveAttribute("href", "/about");
    await expect(nav.getByRole("link", { name: "Artworks" })).toHaveAttribute("href", "/art");
    await expect(nav.getByRole("link", { name: "CV" })).toHaveAttribute("href", "/cv");
    const label = nav.getByRole("button", { name: "Exhibitions" });
    const solo = nav.getByRole("link", { name: "Solo Exhibition: London, 2024" });
    await expect(solo).toBeHidden();

    await label.hover();
    await expect(solo).toBeVisible();
    await expect(label).toHaveAttribute("aria-expanded", "true");
    for (const name of [
      "ICVA Partnership 2025",
      "Residency In The Amazon: Peru 2025",
      "Art Basel Miami 2023",
      "Sotheby's Hong Kong 2023",
    ]) {
      await expect(nav.getByRole("link", { name })).toBeVisible();
    }
    await expect(solo).toHaveAttribute("href", "/exhibitions/solo-exhibition-london-2024");

    await page.mouse.move(1000, 600);
    await expect(solo).toBeHidden();

    // Keyboard: Tab onto the label reveals the menu, Tab moves into it.
    await nav.getByRole("link", { name: "Artworks" }).focus();
    await page.keyboard.press("Tab");
    await expect(label).toBeFocused();
    await expect(solo).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "ICVA Partnership 2025" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(solo).toBeHidden();
  });

  test("phone nav: burger overlay opens, closes on a link, on Escape, and locks the page", { tag: "@phone" }, async ({
    page,
  }) => {
    await page.goto("/");
    const burger = page.getByRole("button", { name: "Open menu" });
    await expect(burger).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    // The first home link in the header is the header logo (the overlay has its own).
    const headerLogo = page.locator('header a[href="/"]').first();
    await expect(headerLogo).toBeVisible();

    await burger.click();
    const close = page.getByRole("button", { name: "Close menu" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    const overlay = page.getByRole("dialog", { name: "Site menu" });
    await expect(overlay).toBeVisible();
    await expect(overlay.getByRole("img", { name: "Umbra" })).toBeVisible();
    for (const name of ["About", "Art", "CV"])
      await expect(overlay.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(overlay.getByText("Exhibitions", { exact: true })).toBeVisible();
    await expect(overlay.getByRole("link", { name: "Exhibitions" })).toHaveCount(0);
    await expect(headerLogo).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
    expect(await page.evaluate(() => document.querySelector("main")?.inert)).toBe(true);

    await page.keyboard.press("Escape");
    await expect(overlay).toBeHidden();
    await expect(burger).toBeFocused();
    await expect(headerLogo).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");

    await burger.click();
    await overlay.getByRole("link", { name: "CV", exact: true }).click();
    await expect(page).toHaveURL(/\/cv$/);
    await expect(overlay).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });

  test("footer links to Instagram and X in a new tab", async ({ page }) => {
    await page.goto("/");
    const footer = page.locator("footer");
    for (const name of ["Umbra on Instagram", "Umbra on X"]) {
      const link = footer.getByRole("link", { name });
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    await expect(footer.getByRole("link", { name: "Umbra on Instagram" })).toHaveAttribute("href", /instagram\.com/);
    await expect(footer.getByRole("link", { name: "Umbra on X" })).toHaveAttribute("href", /x\.com/);
  });

  // Only a client-side navigation is the app's to scroll (ScrollRestoration); a document load
  // starts at the top by itself. So this starts on a page that hydrates (decision 011).
  test("a client-side route change scrolls to the top", async ({ page }) => {
    await gotoHydrated(page, "/art");
    // Gone if the browser loads a new document instead of React Router changing the page.
    await page.evaluate(() => {
      (window as { sameDocument?: boolean }).sameDocument = true;
    });
    await page.locator("footer").scrollIntoViewIfNeeded();
    await page.waitForFunction(() => window.scrollY > 300);
    await page.locator("footer").getByRole("link", { name: "Solo Exhibition: London, 2024" }).click();
    await expect(page).toHaveURL(/solo-exhibition-london-2024$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("London");
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // The new page is tall enough that a position left as it was would not read as the top.
    expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(300);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("unknown routes get a designed 404 page with a link home", async ({ page, request }) => {
    const response = await request.get("/no-such-page-here");
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain("Page not found");

    await page.goto("/no-such-page-here");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page).toHaveTitle("Page Not Found - Umbra");
    await expect(page.locator("header")).toBeVisible();
    await page.locator("main").getByRole("link", { name: "Go to the home page" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("home and 404 pages have no serious accessibility violations", async ({ page }) => {
    for (const path of ["/", "/no-such-page-here"]) {
      await page.goto(path);
      await expectNoSeriousA11yViolations(page);
    }
  });

  // Requests only, the same at any width: run once.
  test("prerendered pages come compressed, with security headers and a strict script policy", {
    tag: "@desktop",
  }, async ({ request }) => {
    const response = await request.get("/cv", { headers: { "Accept-Encoding": "br" } });
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers["content-encoding"]).toBe("br");
    expect(headers.etag).toBeTruthy();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    // A public page leaves its window unisolated: no fresh renderer process on arrival (decision 056).
    expect(headers["cross-origin-opener-policy"]).toBeUndefined();
    const scriptSrc = (csp?: string) =>
      csp
        ?.split(";")
        .find((d) => d.trim().startsWith("script-src"))
        ?.trim();
    // A page whose only inline script is the header script's loader allows that one by hash...
    expect(scriptSrc(headers["content-security-policy"])).toMatch(/^script-src 'self' 'sha256-[^']+'$/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    // ...and one with inline scripts allows exactly those, by hash.
    const gallery = await request.get("/art");
    expect(scriptSrc(gallery.headers()["content-security-policy"])).toMatch(/^script-src 'self'( 'sha256-[^']+')+$/);

    const again = await request.get("/cv", { headers: { "If-None-Match": headers.etag! } });
    expect(again.status()).toBe(304);

    const slash = await request.get("/cv/?x=1", { maxRedirects: 0 });
    expect(slash.status()).toBe(301);
    expect(slash.headers().location).toBe("/cv?x=1");
  });
});
