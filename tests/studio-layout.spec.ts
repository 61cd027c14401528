import { type BrowserContextOptions, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./accessibility.ts";
import { ownStudioServer } from "./support/studio-server.ts";

// Issue 39: the studio at 390 px (its navigation a menu, not a cut row of tabs) and the About
// editor's long form (Publish in reach at once, sections that fold, the history beside the form
// from 1024 px, dates in words). Each width is set here, so every test runs in one project.
test.describe.configure({ mode: "serial", timeout: 90_000 });

// E2E_PORT + 19 (the content specs take + 10 to + 15).
const own = ownStudioServer(19, "studio-layout");

const phone: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const widths: { name: string; options: BrowserContextOptions }[] = [
  { name: "1280", options: { viewport: { width: 1280, height: 800 } } },
  { name: "390", options: phone },
];

async function studioPage(
  options: BrowserContextOptions & { javaScriptEnabled?: boolean },
  browser: import("@playwright/test").Browser,
) {
  const context = await browser.newContext({ ...options, baseURL: own.server.url, storageState: own.studio.stateFile });
  return context.newPage();
}

/** Whether the whole of the element is inside the window. */
async function inWindow(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
  });
}

for (const javaScriptEnabled of [true, false]) {
  test(`at 390 px the studio's menu opens and reaches Quotes and Enquiries (${javaScriptEnabled ? "with" : "without"} JavaScript) @desktop`, async ({
    browser,
  }) => {
    const page = await studioPage({ ...phone, javaScriptEnabled }, browser);
    await page.goto("/admin/content");
    const nav = page.getByRole("navigation", { name: "Admin" });
    const menu = nav.locator("summary");
    // The button names the screen shown; the screens wait behind it, not cut off at the edge.
    await expect(menu).toBeVisible();
    await expect(menu).toContainText("Menu");
    await expect(menu).toContainText("Content");
    await expect(nav.getByRole("link", { name: "Quotes" })).toBeHidden();
    expect(await nav.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

    await menu.click();
    const quotes = nav.getByRole("link", { name: "Quotes" });
    await expect(quotes).toBeVisible();
    await expect(nav.getByRole("link", { name: "Content" })).toHaveAttribute("aria-current", "page");
    for (const name of ["Enquiries", "Viewing rooms", "Editions", "Outgoing Mail", "Security"])
      await expect(nav.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
    if (javaScriptEnabled) {
      // Every screen, and the button, a 44 px target (the content list below has its own small links).
      const heights = await nav
        .locator("summary, details a")
        .evaluateAll((targets) => targets.map((target) => target.getBoundingClientRect().height));
      expect(Math.min(...heights)).toBeGreaterThanOrEqual(44);
      await expectNoSeriousA11yViolations(page);
    }

    await quotes.click();
    await expect(page.getByRole("heading", { name: "Quotes", level: 1 })).toBeVisible();
    // The menu closed behind the choice, and now names the new screen.
    await expect(menu).toContainText("Quotes");
    await expect(nav.getByRole("link", { name: /^Enquiries/ })).toBeHidden();
    await menu.click();
    await nav.getByRole("link", { name: /^Enquiries/ }).click();
    await expect(page.getByRole("heading", { name: "Enquiries", level: 1 })).toBeVisible();
    await expect(nav.getByRole("link", { name: /^Enquiries/ })).toBeHidden();
    await page.context().close();
  });
}

test("at 1024 px the studio's screens are a row of tabs again @desktop", async ({ browser }) => {
  const page = await studioPage({ viewport: { width: 1024, height: 768 }, hasTouch: true }, browser);
  await page.goto("/admin/content");
  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav.locator("summary")).toBeHidden();
  const tabs = nav.getByRole("link");
  await expect(tabs).toHaveCount(9); // Editions (issue 40), Subscribers and Mailings (issue 41)
  // All on one line: the same top for the first and the last.
  const tops = await tabs.evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  await page.context().close();
});

for (const width of widths) {
  test(`the About editor keeps Publish in reach and the last field clear of it (${width.name}) @desktop`, async ({
    browser,
  }) => {
    const page = await studioPage(width.options, browser);
    const hydrationErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && /hydrat|#418|#425/i.test(message.text())) hydrationErrors.push(message.text());
    });
    await page.goto("/admin/content/pages/about.yaml");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const publish = page.getByRole("button", { name: "Publish", exact: true });
    const bar = 'form:has(#f-heading) div:has(> button[value="form-publish"])';
    // At the top of a form many screens tall, Publish is on screen, and halfway down still.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(5000);
    await expect(publish).toBeInViewport();
    expect(await inWindow(page, bar)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await expect(publish).toBeInViewport();
    await expect(page.getByRole("button", { name: "Save draft", exact: true }).last()).toBeInViewport();
    // At the form's end the bar sits below its last field, not over it.
    const lastField = page.locator("form:has(#f-heading) :is(input:not([type=hidden]), textarea, select)").last();
    await lastField.scrollIntoViewIfNeeded();
    const [fieldBottom, barTop] = await Promise.all([
      lastField.evaluate((element) => element.getBoundingClientRect().bottom),
      page.locator(bar).evaluate((element) => element.getBoundingClientRect().top),
    ]);
    expect(fieldBottom).toBeLessThanOrEqual(barTop);

    // When it changed, in words, with the exact moment a tooltip away.
    const when = page.locator("header time").first();
    // The first revision is the build's: minutes or hours before, by when the build ran.
    await expect(when).toHaveText(/^(just now|\d+ (minutes?|hours?) ago)$/);
    await expect(when).toHaveAttribute("title", /^\d+ \w+ \d{4}, \d\d:\d\d UTC$/);
    await expect(page.getByRole("region", { name: "History" }).locator("li").first()).toContainText(
      /Revision 1: .*(just now|ago)/,
    );
    expect(hydrationErrors).toEqual([]);
    // The folds and the bar's buttons are 44 px targets (the page's head has its own small links).
    const heights = await page
      .locator(`form:has(#f-heading) summary, ${bar} > *`)
      .evaluateAll((targets) => targets.map((target) => target.getBoundingClientRect().height));
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(44);
    await expectNoSeriousA11yViolations(page);
    await page.context().close();
  });
}

test("at 1024 px the history sits beside the form and stays in view as the form scrolls @desktop", async ({
  browser,
}) => {
  const page = await studioPage({ viewport: { width: 1024, height: 768 }, hasTouch: true }, browser);
  await page.goto("/admin/content/pages/about.yaml");
  const history = page.getByRole("region", { name: "History" });
  const form = page.locator("form:has(#f-heading)");
  const [formBox, historyBox] = [await form.boundingBox(), await history.boundingBox()];
  expect(historyBox!.x).toBeGreaterThan(formBox!.x + formBox!.width);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
  await expect(history.getByRole("heading", { name: "History" })).toBeInViewport();
  await page.context().close();
});

test("a section folds, and opens again by itself when a field in it has a problem @desktop", async ({ browser }) => {
  const page = await studioPage({ viewport: { width: 1280, height: 800 } }, browser);
  await page.goto("/admin/content/pages/about.yaml");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const slides = page.locator("details[data-fold='slides']");
  // A slide's caption emptied: a problem inside the Slides section.
  const caption = page.locator("#f-slides\\.0\\.caption");
  await caption.fill("");
  await slides.locator(":scope > summary").click();
  await expect(caption).toBeHidden();
  await expect(slides.locator(":scope > summary")).toContainText("Slides");
  // Folded sections stay folded when the form is drawn again: the biography's, here.
  const biography = page.locator("details[data-fold='biography']");
  await biography.locator(":scope > summary").click();
  await expect(biography).not.toHaveAttribute("open");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.locator("#publish-problems")).toBeVisible();
  await expect(caption).toBeVisible();
  await expect(page.locator("#e-slides\\.0\\.caption")).toBeVisible();
  await expect(slides.locator(":scope > summary")).toContainText("Needs a fix");
  await expect(biography).not.toHaveAttribute("open");
  // Fold all leaves only the section with the problem open; Open all opens every one.
  await page.getByRole("button", { name: "Fold all sections" }).click();
  await expect(page.locator("details[data-fold][open]")).toHaveCount(1);
  await expect(caption).toBeVisible();
  await page.getByRole("button", { name: "Open all" }).click();
  await expect(page.locator("details[data-fold]:not([open])")).toHaveCount(0);
  await page.context().close();
});
