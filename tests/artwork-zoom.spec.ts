import { expect, type Page, type Response, test } from "@playwright/test";

// Deep zoom (decision 023): /art/<slug>/zoom shows the work in OpenSeadragon, its tiles built
// by the server on first request. The first visit of a run may wait for that build (seconds on
// a busy machine), so the viewer tests allow for it.

const WORK = "the-new-god";
const ZOOM_PAGE = `/art/${WORK}/zoom`;
const TILE = new RegExp(`/img/zoom/${WORK}\\.[0-9a-f]{10}_files/(\\d+)/\\d+_\\d+\\.jpeg$`);

/** The pyramid levels of every tile answered so far, as the viewer asks for them. */
function tileLevels(page: Page): number[] {
  const levels: number[] = [];
  page.on("response", (response: Response) => {
    const match = TILE.exec(new URL(response.url()).pathname);
    if (match && response.status() === 200) levels.push(Number(match[1]));
  });
  return levels;
}

async function openViewer(page: Page) {
  const firstTile = page.waitForResponse((r) => TILE.test(new URL(r.url()).pathname) && r.status() === 200, {
    timeout: 80_000,
  });
  await page.goto(ZOOM_PAGE);
  await expect(page.locator('[data-status="ready"]')).toBeAttached({ timeout: 80_000 });
  await firstTile;
  await expect(page.locator(".openseadragon-canvas canvas").first()).toBeVisible();
}

const viewer = (page: Page) => page.locator("[data-home-zoom]");
async function zoomOf(page: Page): Promise<number> {
  return Number(await viewer(page).getAttribute("data-zoom"));
}
/**
 * The zoom once it stops changing. OpenSeadragon zooms while a key is held and runs a few frames
 * on after a quick press, so a key pressed too soon after another would be overtaken by them.
 */
async function settledZoomOf(page: Page): Promise<number> {
  let last = Number.NaN;
  await expect
    .poll(
      async () => {
        const zoom = await zoomOf(page);
        const same = zoom === last;
        last = zoom;
        return same;
      },
      { intervals: [250] },
    )
    .toBe(true);
  return last;
}
async function homeZoomOf(page: Page): Promise<number> {
  return Number(await viewer(page).getAttribute("data-home-zoom"));
}

/** Two fingers moving apart across the viewer's middle, as the browser reports a real pinch. */
async function pinchOut(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const { width = 0, height = 0 } = page.viewportSize() ?? {};
  const fingers = (spread: number) => [
    { x: width / 2 - spread, y: height / 2, id: 0 },
    { x: width / 2 + spread, y: height / 2, id: 1 },
  ];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: fingers(30) });
  for (let spread = 45; spread <= 165; spread += 15) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: fingers(spread) });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

function pinchTest() {
  test("a pinch zooms in", async ({ page }) => {
    test.setTimeout(120_000);
    await openViewer(page);
    const home = await homeZoomOf(page);
    await pinchOut(page);
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(home * 1.5);
  });
}

function viewerTests() {
  test("opens the work in the viewer, focused, and zooms with the buttons and the keys", async ({ page }) => {
    test.setTimeout(120_000);
    const errors: string[] = [];
    page.on("console", (message) => {
      // A pyramid still being built after 8 s is answered 503 with Retry-After and asked for
      // again (decision 026): on a busy machine that is expected, and the browser logs it.
      const preparing = message.location().url.endsWith(".dzi") && message.text().includes("status of 503");
      if (message.type() === "error" && !preparing) errors.push(message.text());
    });
    const levels = tileLevels(page);
    await openViewer(page);
    await expect(page).toHaveTitle(/^Zoom: The New God/);
    // Keys work at once: the viewer has the focus, and shows it.
    const canvas = page.locator(".openseadragon-canvas");
    await expect(canvas).toBeFocused();
    await expect(canvas).toHaveAttribute("aria-label", /The New God, zoomable/);
    const home = await homeZoomOf(page);
    const fittedLevel = Math.max(...levels);

    await page.getByRole("button", { name: "Zoom in" }).click();
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(home * 1.4);
    await page.getByRole("button", { name: "Zoom in" }).click();
    await page.getByRole("button", { name: "Zoom in" }).click();
    // Zoomed in, the viewer asks for a sharper level of the pyramid than the fitted view needed.
    await expect.poll(() => Math.max(...levels), { timeout: 30_000 }).toBeGreaterThan(fittedLevel);

    await page.getByRole("button", { name: "Fit to screen" }).click();
    await expect.poll(() => zoomOf(page)).toBeCloseTo(home, 3);

    await canvas.focus();
    await page.keyboard.press("+");
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(home * 1.05);
    await settledZoomOf(page);
    await page.keyboard.press("Home");
    await expect.poll(() => zoomOf(page)).toBeCloseTo(home, 3);
    await page.keyboard.press("=");
    const zoomedIn = await settledZoomOf(page);
    expect(zoomedIn).toBeGreaterThan(home * 1.05);
    await page.keyboard.press("-");
    await expect.poll(() => zoomOf(page)).toBeLessThan(zoomedIn);
    await settledZoomOf(page);
    await page.keyboard.press("0");
    await expect.poll(() => zoomOf(page)).toBeCloseTo(home, 3);

    await page.getByRole("button", { name: "Zoom out" }).click();
    // Never smaller than the fitted view by more than OpenSeadragon's own margin.
    await expect.poll(() => zoomOf(page)).toBeLessThanOrEqual(home);
    expect(errors).toEqual([]);
  });

  test("the back link returns to the work's page", async ({ page }) => {
    await page.goto(ZOOM_PAGE);
    await page.getByRole("link", { name: "← Back to the work" }).click();
    await expect(page).toHaveURL(new RegExp(`/art/${WORK}$`));
    await expect(page.getByRole("heading", { level: 1, name: "The New God" })).toBeVisible();
  });
}

test.describe("deep zoom at 1280 x 800", { tag: "@desktop" }, () => {
  viewerTests();

  test("the mouse wheel zooms in where the pointer is", async ({ page }) => {
    test.setTimeout(120_000);
    await openViewer(page);
    const home = await homeZoomOf(page);
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, -400);
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(home * 1.1);
  });
});

test.describe("deep zoom on a 1024 px touch screen", { tag: "@desktop" }, () => {
  test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true, isMobile: false });
  viewerTests();
  pinchTest();
});

test.describe("deep zoom on a phone", { tag: "@phone" }, () => {
  viewerTests();
  pinchTest();

  test("the zoom controls stay inside the window", async ({ page }) => {
    test.setTimeout(120_000);
    await openViewer(page);
    for (const name of ["Zoom in", "Zoom out", "Fit to screen"]) {
      const box = await page.getByRole("button", { name }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      expect(box!.y + box!.height).toBeLessThanOrEqual(844);
      expect(box!.width).toBeGreaterThanOrEqual(44);
    }
  });
});

test.describe("deep zoom without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("shows the work's largest normal image, says zoom needs JavaScript, and links back", async ({ page }) => {
    await page.goto(ZOOM_PAGE);
    // Inside <noscript>, which Playwright's text and role queries skip: found by CSS instead.
    const note = page.locator("main noscript p");
    await expect(note).toBeVisible();
    expect(await note.evaluate((p) => p.textContent)).toBe(
      "Zooming into the work needs JavaScript. Here it is at its largest normal size.",
    );
    const image = page.locator('main noscript img[alt="The New God"]');
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    // Up to the largest derived width (which one depends on the screen), most of the window wide.
    await expect(image).toHaveAttribute("srcset", /\/img\/artworks-1920\/the-new-god\.jpg 1920w/);
    const box = await image.boundingBox();
    const windowWidth = page.viewportSize()?.width ?? 0;
    expect(box?.width).toBeGreaterThan(windowWidth * 0.7);
    await expect(page.getByRole("link", { name: "← Back to the work" })).toHaveAttribute("href", `/art/${WORK}`);
    await expect(page.getByRole("button", { name: "Zoom in" })).toHaveCount(0);
    await expect(page.getByText("Preparing the zoom")).toBeHidden();
  });
});

test("an unknown work's zoom page is the site's 404 page @desktop", async ({ page }) => {
  const response = await page.goto("/art/no-such-work/zoom");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
});

test("the zoom page points search engines at the work's own page @desktop", async ({ page }) => {
  await page.goto(ZOOM_PAGE);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/art/${WORK}$`));
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
});
