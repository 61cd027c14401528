import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BrowserContextOptions, expect as baseExpect, type Locator, type Page, test } from "@playwright/test";
import { type ServerProcess, startServer } from "./support/server-process.ts";
import { type EnrolledStudio, enrolStudio, signInWithPassword } from "./support/studio-sign-in.ts";

// Issue 23, the editor's forms (decision 042): the studio edits the About text in the form
// generated from its schema, saves a draft, previews it as the public page, publishes it; adds a
// block to an exhibition; creates a work and hides it; an invalid value shows its problem beside
// the field with what was typed kept. At 1280 and at 1024 with touch. Its own server: publishing
// changes the public pages other specs read.
test.describe.configure({ mode: "serial", timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

// E2E_PORT + 14 (the room specs take + 1 to + 9, the text editor's + 10).
const port = Number(process.env.E2E_PORT || 4173) + 14;
const shots = process.env.CONTENT_SCREENSHOTS; // a folder: save screenshots there
let server: ServerProcess | undefined;
let studio: EnrolledStudio | undefined;
const folders: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-content-forms-"));
  folders.push(dir);
  return dir;
};

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  server = await startServer({
    DATA_DIR: tempDir(),
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    WARM_IMAGES: "off",
  });
  studio = await enrolStudio(
    browser,
    server.url,
    { path: "/admin/content", heading: "Content" },
    path.join(tempDir(), "state.json"),
  );
});

test.afterAll(async () => {
  if (server) {
    server.child.kill("SIGTERM");
    await server.exited;
  }
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

const widths: { name: string; options: BrowserContextOptions }[] = [
  { name: "1280", options: { viewport: { width: 1280, height: 800 } } },
  { name: "1024 with touch", options: { viewport: { width: 1024, height: 768 }, hasTouch: true } },
];

/** A public page's text, read in a fresh tab of the same browser. */
async function publicText(page: Page, at: string, locate: (page: Page) => Locator): Promise<string> {
  const other = await page.context().newPage();
  await other.goto(`${server?.url}${at}`);
  const text = (await locate(other).textContent()) ?? "";
  await other.close();
  return text;
}

for (const [index, width] of widths.entries()) {
  test(`the studio edits the About text in the form, saves a draft, previews and publishes it (${width.name}) @desktop`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      ...width.options,
      baseURL: server?.url,
      storageState: studio?.stateFile,
    });
    const page = await context.newPage();
    const press = (target: Locator) => (width.options.hasTouch ? target.tap() : target.click());
    await page.goto("/admin/content");
    await press(page.getByRole("region", { name: "Pages" }).getByRole("link", { name: "About", exact: true }));
    await expect(page.getByRole("link", { name: "Form", exact: true })).toHaveAttribute("aria-current", "page");
    // The page's own heading; the biography's and the cards' are labelled "Heading" in their groups.
    const heading = page.locator("#f-heading");
    await expect(heading).toHaveAccessibleName("Heading");
    await expect(heading).toHaveValue(index === 0 ? "About Umbra" : "About Umbra, published (1280)");
    const drafted = `About Umbra, drafted (${width.name})`;
    await heading.fill(drafted);
    await press(page.getByRole("button", { name: "Save draft", exact: true }).last());
    await expect(page.getByRole("status")).toContainText("Draft saved");
    await expect(heading).toHaveValue(drafted);
    // Not live yet.
    expect(await publicText(page, "/about", (p) => p.getByRole("heading", { level: 1 }))).not.toBe(drafted);
    if (shots) await page.screenshot({ path: path.join(shots, `form-about-${width.name}.png`), fullPage: true });

    // The list marks the draft.
    await page.goto("/admin/content");
    const aboutRow = page
      .getByRole("region", { name: "Pages" })
      .getByRole("listitem")
      .filter({ hasText: "pages/about.yaml" });
    await expect(aboutRow).toContainText("Draft");
    await press(aboutRow.getByRole("link", { name: "About", exact: true }));

    // The preview is the public page with the draft, marked as a preview.
    await press(page.getByRole("link", { name: "Preview the draft" }));
    await expect(page.getByText("Preview of a draft")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(drafted);
    if (shots) await page.screenshot({ path: path.join(shots, `preview-about-${width.name}.png`) });
    await page.goBack();

    const published = `About Umbra, published (${width.name})`;
    await page.locator("#f-heading").fill(published);
    await press(page.getByRole("button", { name: "Publish", exact: true }));
    await expect(page.getByRole("status")).toContainText("is live");
    expect(await publicText(page, "/about", (p) => p.getByRole("heading", { level: 1 }))).toBe(published);
    await context.close();
  });
}

test("an invalid value shows its problem beside the field and keeps what was typed @desktop", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server?.url, storageState: studio?.stateFile });
  const page = await context.newPage();
  await page.goto("/admin/content/pages/contact.yaml");
  const closing = page.getByLabel("Closing", { exact: true });
  await closing.fill("Write to us, no address here");
  const intro = page.getByLabel("Intro", { exact: true });
  await intro.fill("A new introduction, typed and kept");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("Not published");
  // Beside the field: its own message, tied to the input.
  await expect(closing).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#e-closing")).toHaveText(/must say where the email address goes/);
  await expect(closing).toHaveAccessibleDescription(/must say where the email address goes/);
  await expect(closing).toHaveValue("Write to us, no address here");
  await expect(intro).toHaveValue("A new introduction, typed and kept");
  if (shots) await page.screenshot({ path: path.join(shots, "form-refused.png") });
  expect(await publicText(page, "/contact", (p) => p.getByRole("main"))).not.toContain("typed and kept");
  await context.close();
});
