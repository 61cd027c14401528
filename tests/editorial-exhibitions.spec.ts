import { expect, test } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { gotoHydrated } from "./support/hydration.ts";

// The lightbox and each exhibition page's details (split from editorial.spec.ts by topic).
test.describe("lightbox", () => {
  test("opens one image on click with its alt text, closes with the button and Escape, no previous/next", async ({
    page,
  }) => {
    await page.goto("/exhibitions/art-basel-miami-2023");
    const gallery = page.getByRole("list", { name: "Residency photographs" });
    await expect(gallery.getByRole("link")).toHaveCount(12);
    const first = gallery.getByRole("link").first();
    const alt = await first.locator("img").getAttribute("alt");
    expect(alt).toBeTruthy();

    await first.click();
    const viewer = page.getByRole("dialog", { name: "Image viewer" });
    await expect(viewer).toBeVisible();
    await expect(viewer.locator("img")).toHaveCount(1);
    // The image may still be loading (hidden until it has); its alt text comes from the page.
    await expect(viewer.locator("img")).toHaveAttribute("alt", alt!);
    await expect(viewer.getByRole("button", { name: /previous/i })).toHaveCount(0);
    await expect(viewer.getByRole("button", { name: /next/i })).toHaveCount(0);
    await page.keyboard.press("ArrowRight");
    await expect(viewer.locator("img")).toHaveCount(1);
    await expect(viewer.locator("img")).toHaveAttribute("alt", alt!);

    await viewer.getByRole("button", { name: "Close" }).click();
    await expect(viewer).toBeHidden();
    await expect(first).toBeFocused();

    await gallery.getByRole("link").nth(3).click();
    await expect(viewer).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
  });

  test("a pull down of more than 60 px on the picture closes it; a shorter one does not", async ({ page }) => {
    await page.goto("/exhibitions/art-basel-miami-2023");
    await page.getByRole("list", { name: "Residency photographs" }).getByRole("link").first().click();
    const viewer = page.getByRole("dialog", { name: "Image viewer" });
    await expect(viewer).toBeVisible();
    // A finger's drag, as the browser reports it: pointer events of type "touch".
    const pull = (by: number) =>
      viewer.locator("img").evaluate((image, by) => {
        const at = (type: string, y: number) =>
          image.dispatchEvent(
            new PointerEvent(type, { pointerType: "touch", clientX: 200, clientY: y, bubbles: true, isPrimary: true }),
          );
        at("pointerdown", 300);
        at("pointermove", 300 + by / 2);
        at("pointermove", 300 + by);
        at("pointerup", 300 + by);
      }, by);
    await pull(40);
    await page.waitForTimeout(400);
    await expect(viewer).toBeVisible();
    await pull(90);
    await expect(viewer).toBeHidden();
  });

  test("says so when the full-size image cannot be loaded, and still closes", async ({ page }) => {
    await page.goto("/exhibitions/art-basel-miami-2023");
    const first = page.getByRole("list", { name: "Residency photographs" }).getByRole("link").first();
    const href = (await first.getAttribute("href"))!;
    await page.route(`**${href}`, (route) => route.fulfill({ status: 404, body: "" }));
    await page.route("**/img/**", (route) => route.fulfill({ status: 404, body: "" }));
    await first.click();
    const viewer = page.getByRole("dialog", { name: "Image viewer" });
    await expect(viewer.getByRole("alert")).toHaveText(/The image could not be loaded/);
    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
  });

  test("after a client-side navigation from a page React runs, the viewer opens the same way", async ({ page }) => {
    await gotoHydrated(page, "/art");
    // The viewer's file held back, as on a slow line, until the tap below has been made.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/assets/image-viewer.script-*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("contentinfo").getByRole("link", { name: "Art Basel Miami 2023" }).click();
    await expect(page).toHaveURL(/\/exhibitions\/art-basel-miami-2023$/);
    expect(await page.evaluate(() => performance.getEntriesByType("navigation")[0]?.name)).toMatch(/\/art$/);
    const first = page.getByRole("list", { name: "Residency photographs" }).getByRole("link").first();
    const alt = await first.locator("img").getAttribute("alt");
    // A tap before the viewer's file has arrived is kept: the page stays, the viewer opens after.
    await first.click();
    const viewer = page.getByRole("dialog", { name: "Image viewer" });
    await expect(page).toHaveURL(/\/exhibitions\/art-basel-miami-2023$/);
    release();
    await expect(viewer).toBeVisible();
    await expect(viewer.locator("img")).toHaveAttribute("alt", alt!);
    await expect(page).toHaveURL(/\/exhibitions\/art-basel-miami-2023$/);
    await viewer.getByRole("button", { name: "Close" }).click();
    await expect(viewer).toBeHidden();
    // And a later tap is opened by the viewer's own listener.
    await page.getByRole("list", { name: "Residency photographs" }).getByRole("link").nth(2).click();
    await expect(viewer).toBeVisible();
    await expect(page).toHaveURL(/\/exhibitions\/art-basel-miami-2023$/);
  });

  test("each gallery image links to its full-size JPEG without JavaScript @desktop", async ({ page, request }) => {
    await page.goto("/exhibitions/sothebys-hong-kong-2023");
    const links = page.getByRole("list", { name: "Auction photographs" }).getByRole("link");
    await expect(links).toHaveCount(3);
    const href = await links.first().getAttribute("href");
    const response = await request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/jpeg");
  });
});

test.describe("exhibition details", { tag: "@desktop" }, () => {
  test("Solo London lists the 12 works, 12 documentation photos and the catalogue PDF with its real size", async ({
    page,
    request,
  }) => {
    await page.goto("/exhibitions/solo-exhibition-london-2024");
    const works = page.getByRole("region", { name: "The twelve works" }).getByRole("link");
    await expect(works).toHaveCount(12);
    await expect(works.first()).toHaveAttribute("href", "/art/the-bedroom-explorer");
    await expect(page.getByRole("link", { name: "The Magician's Chest", exact: true })).toHaveAttribute(
      "href",
      "/art/the-magicians-chest",
    );
    await expect(page.getByRole("list", { name: "Exhibition documentation" }).getByRole("link")).toHaveCount(12);

    const download = page.getByRole("link", { name: /Download the catalogue/ });
    await expect(download).toHaveAttribute("href", "/files/umbra-secrets-catalogue-full.pdf");
    const pdf = await request.get("/files/umbra-secrets-catalogue-full.pdf");
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const body = await pdf.body();
    expect(body.subarray(0, 5).toString()).toBe("%PDF-");
    const stated =
      body.length >= 1_000_000 ? `${(body.length / 1_000_000).toFixed(1)} MB` : `${Math.round(body.length / 1000)} KB`;
    await expect(download).toHaveText(`Download the catalogue (PDF, ${stated})`);
    // The page promises "an eighty-page book"; the file served is that book.
    await expect(page.getByText(/an eighty-page book with every work/)).toBeVisible();
    expect((await PDFDocument.load(body)).getPageCount()).toBe(80);
  });

  test("Peru has an audio player whose MP4 recording answers 200, and links the diary", async ({ page, request }) => {
    await page.goto("/exhibitions/residency-in-the-amazon-peru-2025");
    const source = page.locator("main audio source");
    await expect(source).toHaveAttribute("type", "audio/mp4");
    const src = await source.getAttribute("src");
    const audio = await request.get(src!);
    expect(audio.status()).toBe(200);
    expect(audio.headers()["content-type"]).toBe("audio/mp4");
    expect((await audio.body()).subarray(4, 8).toString()).toBe("ftyp");
    await expect(page.getByRole("link", { name: /Amazon Diaries/ })).toHaveAttribute(
      "href",
      "/articles/the-amazon-diaries-a-month-studying-plant-spirits",
    );
  });

  test("Auction has two outbound links, three images and notes in English and Chinese", async ({ page }) => {
    await page.goto("/exhibitions/sothebys-hong-kong-2023");
    const outbound = page.locator('main a[href^="https://"]');
    await expect(outbound).toHaveCount(2);
    await expect(outbound.first()).toHaveAttribute("target", "_blank");
    await expect(page.locator('main [lang="en"]')).toContainText("Lot 1147");
    await expect(page.locator('main [lang^="zh"]')).toContainText("1147");
    await expect(page.getByRole("link", { name: "The Trinket Maker", exact: true })).toHaveAttribute(
      "href",
      "/art/the-trinket-maker",
    );
  });

  test("Miami lists three firsts; Partnership shows the institute's logo", async ({ page }) => {
    await page.goto("/exhibitions/art-basel-miami-2023");
    await expect(page.getByRole("region", { name: "Three firsts" }).getByRole("listitem")).toHaveCount(3);
    await page.goto("/exhibitions/icva-partnership-2025");
    await expect(page.getByRole("img", { name: "Institute of Contemporary Visionary Art logo" })).toBeVisible();
  });

  test("Prices and Contact show SPEC.md's facts", async ({ page }) => {
    await page.goto("/prices");
    await expect(page.locator("main")).toContainText("From $1,000");
    await expect(page.locator("main")).toContainText("From $5,000");
    await expect(page.getByRole("link", { name: "Contact for pricing" })).toHaveAttribute("href", "/contact");
    await page.goto("/contact");
    await expect(page.locator("main figcaption")).toContainText("Assistant Director");
    // SPEC.md said "No form."; issue 21 puts the general enquiry form beside the text (decision 032).
    await expect(page.locator("main form")).toHaveCount(1);
    await expect(page.getByRole("form", { name: "Enquiry: General enquiry" })).toBeVisible();
  });
});
