import crypto from "node:crypto";
import { expect as baseExpect, type Locator, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { editorWidths, ownStudioServer } from "./support/studio-server.ts";

// Issue 39, a new work with its image on one screen (decision 073): the studio gives the title
// and chooses the image in one form, lands in the editor with the picture in its Image panel,
// publishes, and the public artwork page shows it. The editor's head speaks plainly: the work's
// title under "Works", and no file path anywhere outside Advanced. At 1280 and 1024 with touch.
test.describe.configure({ mode: "serial", timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

// E2E_PORT + 22 (the other studio specs take + 1 to + 16 and + 18 to + 21; + 17 is 4190 by default, a port browsers refuse).
const own = ownStudioServer(22, "new-work");
const shots = process.env.CONTENT_SCREENSHOTS; // a folder: save screenshots there

async function picture(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } })
    .composite([
      { input: Buffer.from('<svg width="1600" height="1200"><circle cx="800" cy="600" r="400" fill="#eee"/></svg>') },
    ])
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** The page's visible words with every Advanced disclosure left out: what the studio reads. */
async function wordsOutsideAdvanced(page: Page): Promise<string> {
  return page.evaluate(() => {
    const folds = [...document.querySelectorAll("main details")] as HTMLElement[];
    for (const fold of folds) fold.style.display = "none";
    // innerText, not textContent: what is shown, as the studio reads it.
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point
    const text = (document.querySelector("main") as HTMLElement).innerText;
    for (const fold of folds) fold.style.display = "";
    return text;
  });
}

/** Whether an <img> has loaded a real picture (not a broken one). */
const loaded = (image: Locator) => image.evaluate((node) => (node as HTMLImageElement).naturalWidth > 0);

for (const [index, width] of editorWidths.entries()) {
  test(`the studio creates a work with its image on one screen and publishes it (${width.name}) @desktop`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      ...width.options,
      baseURL: own.server.url,
      storageState: own.studio.stateFile,
    });
    const page = await context.newPage();
    const press = (target: Locator) => (width.options.hasTouch ? target.tap() : target.click());
    const title = `Moth Lantern ${index + 1}`;
    const slug = `moth-lantern-${index + 1}`;
    const image = await picture(index === 0 ? "#6a3d2e" : "#2e4a6a");
    await page.goto("/admin/content");

    if (index === 0) {
      // A file that is not a picture is refused with a sentence, and the title is kept.
      await page.getByLabel("New work's title").fill(title);
      await page
        .getByLabel(/Its image/)
        .setInputFiles({ name: "moth.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<html>no</html>") });
      await press(page.getByRole("button", { name: "Create a work" }));
      await expect(page.getByRole("alert")).toContainText("not a JPEG, PNG, WebP, AVIF or TIFF image");
      await expect(page.getByLabel("New work's title")).toHaveValue(title);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("New work");
    } else {
      await page.getByLabel("New work's title").fill(title);
    }
    await page.getByLabel(/Its image/).setInputFiles({ name: "IMG_2231.JPG", mimeType: "image/jpeg", buffer: image });
    await press(page.getByRole("button", { name: "Create a work" }));

    // The editor: the work's title under "Works", its picture in the Image panel, no path.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.locator("main .eyebrow")).toHaveText("Works");
    const panel = page.getByRole("region", { name: "Image" });
    await expect(panel).toContainText("Uploaded JPEG, 1600 x 1200 px");
    await expect(panel.getByRole("status")).toContainText("Nobody sees it until you publish");
    await expect.poll(() => loaded(panel.getByRole("img"))).toBe(true);
    await expect(page.getByRole("link", { name: "View preview" })).toBeVisible();
    const words = await wordsOutsideAdvanced(page);
    expect(words).not.toMatch(/\.md\b|\.ya?ml\b/);
    expect(words).not.toMatch(/\b(?:works|pages|exhibitions|images)\/[a-z0-9-]+/);
    if (shots) await page.screenshot({ path: `${shots}/new-work-editor-${width.name}.png`, fullPage: true });

    // Shown and published: the public page has the picture, the head links to it.
    await page.locator('[name="description"]').fill("A lantern for the moths, lit at dusk.");
    await press(page.getByRole("checkbox", { name: /Hidden/ }));
    await press(page.getByRole("button", { name: "Publish", exact: true }));
    await expect(page.getByRole("status").first()).toContainText("is live");
    await expect(page.getByRole("link", { name: "View on site" })).toHaveAttribute("href", `/art/${slug}`);
    const version = crypto.createHash("sha256").update(image).digest("hex").slice(0, 10);
    const visitor = await context.newPage();
    await visitor.goto(`/art/${slug}`);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(title);
    const shown = visitor.locator(`main img[src*="/${slug}."]`).first();
    await expect(shown).toHaveAttribute("src", new RegExp(`/img/artworks-\\d+/${slug}\\.\\w+\\?v=${version}`));
    await expect.poll(() => loaded(shown)).toBe(true);
    if (shots) await visitor.screenshot({ path: `${shots}/new-work-public-${width.name}.png` });
    await context.close();
  });
}
