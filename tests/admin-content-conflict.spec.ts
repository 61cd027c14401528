import path from "node:path";
import { expect as baseExpect, type Locator, type Page, test } from "@playwright/test";
import { editorWidths, ownStudioServer } from "./support/studio-server.ts";

// Issue 39, conflicts that lose nothing: two tabs of one browser edit About; the later publish
// is shown their change and its own side by side, merges what only one side changed, asks where
// both changed one field, and publishes the merge. At 1280 and at 1024 with touch. Its own
// server: publishing changes the public pages other specs read.
test.describe.configure({ mode: "serial", timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

// E2E_PORT + 13.
const own = ownStudioServer(13, "content-conflict");
const shots = process.env.CONTENT_SCREENSHOTS; // a folder: save screenshots there

/** The public About page's text, read in a fresh tab. */
async function publicAbout(page: Page): Promise<{ heading: string; text: string }> {
  const about = await page.context().newPage();
  await about.goto(`${own.server.url}/about`);
  const heading = (await about.getByRole("heading", { level: 1 }).textContent()) ?? "";
  const text = (await about.locator("main").textContent()) ?? "";
  await about.close();
  return { heading, text };
}

async function publishAndWait(page: Page, press: (target: Locator) => Promise<void>, name = "Publish") {
  await press(page.getByRole("button", { name, exact: true }));
  await expect(page.getByRole("status")).toContainText("is live");
}

for (const width of editorWidths) {
  test(`two tabs publish About: the later one keeps both edits, then keeps its own where both changed one field (${width.name}) @desktop`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      ...width.options,
      baseURL: own.server.url,
      storageState: own.studio.stateFile,
    });
    const press = (target: Locator) => (width.options.hasTouch ? target.tap() : target.click());
    const [tabA, tabB] = [await context.newPage(), await context.newPage()];
    for (const tab of [tabA, tabB]) await tab.goto("/admin/content/pages/about.yaml");
    const heading = (tab: Page) => tab.locator("#f-heading");
    const paragraph = (tab: Page) => tab.locator('[name="biography.paragraphs.0"]');

    await test.step("different fields: both edits are kept without asking", async () => {
      const headingA = `About Umbra, from tab A (${width.name})`;
      const paragraphB = `A first paragraph written in tab B (${width.name}).`;
      await heading(tabA).fill(headingA);
      await publishAndWait(tabA, press);
      await paragraph(tabB).fill(paragraphB);
      await press(tabB.getByRole("button", { name: "Publish", exact: true }));
      const alert = tabB.getByRole("alert");
      await expect(alert).toContainText("someone else published first");
      const view = tabB.getByRole("region", { name: "Their change and yours" });
      const fields = view.getByRole("list", { name: "Changed fields" }).locator(":scope > li");
      await expect(fields).toHaveCount(2);
      await expect(fields.nth(0)).toContainText("Heading");
      await expect(fields.nth(0)).toContainText("Their change: kept");
      await expect(fields.nth(0)).toContainText(headingA);
      await expect(fields.nth(1)).toContainText("Biography › Paragraphs › 1");
      await expect(fields.nth(1)).toContainText("Your change: kept");
      await expect(fields.nth(1)).toContainText("A first paragraph written");
      await expect(view.getByRole("radio")).toHaveCount(0);
      // What was typed is still in the form below, and the page names no file.
      await expect(paragraph(tabB)).toHaveValue(paragraphB);
      await expect(view).not.toContainText(".yaml");
      if (shots) await tabB.screenshot({ path: path.join(shots, `conflict-both-${width.name}.png`) });
      await publishAndWait(tabB, press, "Publish the merge");
      await expect(tabB.getByRole("region", { name: "Their change and yours" })).toHaveCount(0);
      const about = await publicAbout(tabB);
      expect(about.heading).toBe(headingA);
      expect(about.text).toContain(paragraphB);
    });

    await test.step("the same field: B keeps its own", async () => {
      for (const tab of [tabA, tabB]) await tab.goto("/admin/content/pages/about.yaml");
      const headingA = `Heading A again (${width.name})`;
      const headingB = `Heading B wins (${width.name})`;
      await heading(tabA).fill(headingA);
      await publishAndWait(tabA, press);
      await heading(tabB).fill(headingB);
      await press(tabB.getByRole("button", { name: "Publish", exact: true }));
      const view = tabB.getByRole("region", { name: "Their change and yours" });
      await expect(view).toContainText("You both changed one field");
      await expect(view.getByRole("group", { name: "Keep for “Heading”" }).getByRole("radio")).toHaveCount(2);
      await expect(view).toContainText(headingA);
      await expect(view).toContainText(headingB);
      // Unchosen, the merge is not published.
      await press(view.getByRole("button", { name: "Publish the merge" }));
      await expect(tabB.getByRole("alert")).toContainText("Choose theirs or yours for “Heading”");
      if (shots) await tabB.screenshot({ path: path.join(shots, `conflict-same-${width.name}.png`), fullPage: false });
      await press(tabB.getByRole("group", { name: "Keep for “Heading”" }).getByRole("radio", { name: "Keep mine" }));
      await publishAndWait(tabB, press, "Publish the merge");
      expect((await publicAbout(tabB)).heading).toBe(headingB);
    });
    await context.close();
  });
}

test("without JavaScript, Keep all mine redraws the choices and the merge publishes both tabs' edits @desktop", async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    javaScriptEnabled: false,
    baseURL: own.server.url,
    storageState: own.studio.stateFile,
  });
  const [tabA, tabB] = [await context.newPage(), await context.newPage()];
  for (const tab of [tabA, tabB]) await tab.goto("/admin/content/pages/about.yaml");
  await tabA.locator("#f-heading").fill("Heading from A, no script");
  await tabA.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(tabA.getByRole("status")).toContainText("is live");
  await tabB.locator("#f-heading").fill("Heading from B, no script");
  await tabB.locator('[name="biography.paragraphs.1"]').fill("Paragraph two from B, no script.");
  await tabB.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(tabB.getByRole("alert")).toContainText("someone else published first");
  await tabB.getByRole("button", { name: "Keep all mine" }).click();
  await expect(tabB.getByRole("radio", { name: "Keep mine" })).toBeChecked();
  await tabB.getByRole("button", { name: "Publish the merge" }).click();
  await expect(tabB.getByRole("status")).toContainText("is live");
  const about = await publicAbout(tabB);
  expect(about.heading).toBe("Heading from B, no script");
  expect(about.text).toContain("Paragraph two from B, no script.");
  await context.close();
});
