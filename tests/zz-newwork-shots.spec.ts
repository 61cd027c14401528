import { test } from "@playwright/test";
import { ownStudioServer } from "./support/studio-server.ts";
test.describe.configure({ mode: "serial", timeout: 180_000 });
const own = ownStudioServer(18, "newwork-shots");
for (const width of [1280, 390]) {
  test(`shots ${width} @desktop`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL: own.server.url, storageState: own.studio.stateFile });
    const page = await context.newPage();
    await page.goto("/admin/content");
    await page.screenshot({ path: `/tmp/newwork-shots/list-${width}.png` });
    await page.getByLabel("New work's title").fill("Forged one");
    await page.getByLabel(/Its image/).setInputFiles({ name: "a.jpg", mimeType: "image/jpeg", buffer: Buffer.from("nope") });
    await page.getByRole("button", { name: "Create a work" }).click();
    await page.getByRole("alert").waitFor();
    await page.screenshot({ path: `/tmp/newwork-shots/refused-${width}.png`, fullPage: true });
    await page.goto("/admin/content/pages/about.yaml");
    await page.screenshot({ path: `/tmp/newwork-shots/about-${width}.png` });
    await page.getByText("Advanced", { exact: true }).click();
    await page.screenshot({ path: `/tmp/newwork-shots/about-advanced-${width}.png` });
    await page.goto("/admin/content/works/brass-moth.md");
    await page.screenshot({ path: `/tmp/newwork-shots/work-${width}.png` });
    await context.close();
  });
}
