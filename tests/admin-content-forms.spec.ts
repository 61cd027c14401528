import path from "node:path";
import { expect as baseExpect, type Locator, type Page, test } from "@playwright/test";
import { gotoHydrated } from "./support/hydration.ts";
import { editorWidths, ownStudioServer } from "./support/studio-server.ts";
import { signInWithPassword } from "./support/studio-sign-in.ts";

// Issue 23, the editor's forms (decision 042): the studio edits the About text in the form
// generated from its schema, saves a draft, previews it as the public page, publishes it; adds a
// block to an exhibition; creates a work and hides it; an invalid value shows its problem beside
// the field with what was typed kept. At 1280 and at 1024 with touch. Its own server: publishing
// changes the public pages other specs read.
test.describe.configure({ mode: "serial", timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

// E2E_PORT + 14 (the room specs take + 1 to + 9, the text editor + 10, uploads + 11).
const own = ownStudioServer(14, "content-forms");
const shots = process.env.CONTENT_SCREENSHOTS; // a folder: save screenshots there

/** A public page's text, read in a fresh tab of the same browser. */
async function publicText(page: Page, at: string, locate: (page: Page) => Locator): Promise<string> {
  const other = await page.context().newPage();
  await other.goto(`${own.server.url}${at}`);
  const text = (await locate(other).textContent()) ?? "";
  await other.close();
  return text;
}

/**
 * Presses Publish and waits for this publish's "revision N is live", not the one a publish before
 * it left on the screen (the next checks read the public site, which must have the change).
 */
async function publish(page: Page, press: (target: Locator) => Promise<void>) {
  const status = page.getByRole("status");
  const before = (await status.count()) ? await status.first().textContent() : null;
  await press(page.getByRole("button", { name: "Publish", exact: true }));
  await expect(status).toContainText("is live");
  if (before?.includes("is live")) await expect(status).not.toHaveText(before);
}

for (const [index, width] of editorWidths.entries()) {
  test(`the studio edits the About text in the form, saves a draft, previews and publishes it (${width.name}) @desktop`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      ...width.options,
      baseURL: own.server.url,
      storageState: own.studio.stateFile,
    });
    const page = await context.newPage();
    const press = (target: Locator) => (width.options.hasTouch ? target.tap() : target.click());
    await page.goto("/admin/content");
    await press(page.getByRole("region", { name: "Pages" }).getByRole("link", { name: "About", exact: true }));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About");
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
      .filter({ has: page.getByRole("link", { name: "About", exact: true }) });
    await expect(aboutRow).toContainText("Draft");
    if (shots) await page.screenshot({ path: path.join(shots, `list-${width.name}.png`) });
    await press(aboutRow.getByRole("link", { name: "About", exact: true }));

    // The preview is the public page with the draft, marked as a preview.
    await press(page.getByRole("link", { name: "View preview" }));
    await expect(page.getByText("Preview of a draft")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(drafted);
    if (shots) await page.screenshot({ path: path.join(shots, `preview-about-${width.name}.png`) });
    await page.goBack();

    const published = `About Umbra, published (${width.name})`;
    await page.locator("#f-heading").fill(published);
    await publish(page, press);
    expect(await publicText(page, "/about", (p) => p.getByRole("heading", { level: 1 }))).toBe(published);
    await context.close();
  });
}

for (const [index, width] of editorWidths.entries()) {
  test(`the studio adds a block to an exhibition and sees it live (${width.name}) @desktop`, async ({ browser }) => {
    const context = await browser.newContext({
      ...width.options,
      baseURL: own.server.url,
      storageState: own.studio.stateFile,
    });
    const page = await context.newPage();
    const press = (target: Locator) => (width.options.hasTouch ? target.tap() : target.click());
    await page.goto("/admin/content/exhibitions/art-basel-miami-2023.yaml");
    const blocks = page.getByRole("group", { name: "Blocks", exact: true });
    const count = await blocks.locator("> ol > li").count();
    await page.getByLabel("New block's type").selectOption("quote");
    await press(page.getByRole("button", { name: "Add block", exact: true }));
    const added = page.getByRole("group", { name: `Block ${count + 1}: quote` });
    await expect(added).toBeVisible();
    const words = `The chamber was quiet, the phones were not (${width.name}).`;
    await added.getByLabel("Text", { exact: true }).fill(words);
    // Moved up one place from the keyboard: focus the button and press Enter.
    await page.getByRole("button", { name: `Move block ${count + 1} up` }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("group", { name: `Block ${count}: quote` })).toBeVisible();
    await expect(
      page.getByRole("group", { name: `Block ${count}: quote` }).getByLabel("Text", { exact: true }),
    ).toHaveValue(words);
    if (shots) await page.screenshot({ path: path.join(shots, `form-exhibition-${width.name}.png`) });
    await publish(page, press);
    const live = await publicText(page, "/exhibitions/art-basel-miami-2023", (p) => p.getByRole("main"));
    expect(live).toContain(words);
    expect(index).toBeGreaterThanOrEqual(0);
    await context.close();
  });

  test(`the studio creates a new work, publishes it hidden, shows it and hides it again (${width.name}) @desktop`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      ...width.options,
      baseURL: own.server.url,
      storageState: own.studio.stateFile,
    });
    const page = await context.newPage();
    const press = (target: Locator) => (width.options.hasTouch ? target.tap() : target.click());
    await page.goto("/admin/content");
    const title = `Icaro Night Song ${index + 1}`;
    const slug = `icaro-night-song-${index + 1}`;
    await page.getByLabel("New work's title").fill(title);
    await press(page.getByRole("button", { name: "Create a work" }));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("status")).toContainText("Draft saved");
    await expect(page.locator('[name="title"]')).toHaveValue(title);
    // The next free id is suggested, and a new work starts hidden.
    expect(Number(await page.locator('[name="artwork_id"]').inputValue())).toBeGreaterThan(100);
    await expect(page.getByRole("checkbox", { name: /Hidden/ })).toBeChecked();
    await page.locator('[name="description"]').fill("A song for the night forest, sung to the plants.");
    await publish(page, press);
    const visit = async () => {
      const response = await page.request.get(`${own.server.url}/art/${slug}`);
      const api = await (await page.request.get(`${own.server.url}/api/artworks?q=icaro+night+song&per=100`)).text();
      const sitemap = await (await page.request.get(`${own.server.url}/sitemap.xml`)).text();
      return { status: response.status(), inApi: api.includes(slug), inSitemap: sitemap.includes(`/art/${slug}`) };
    };
    expect(await visit()).toEqual({ status: 404, inApi: false, inSitemap: false });

    await press(page.getByRole("checkbox", { name: /Hidden/ }));
    await publish(page, press);
    expect(await visit()).toEqual({ status: 200, inApi: true, inSitemap: true });
    if (shots) await page.screenshot({ path: path.join(shots, `form-work-${width.name}.png`) });

    await press(page.getByRole("checkbox", { name: /Hidden/ }));
    await publish(page, press);
    expect(await visit()).toEqual({ status: 404, inApi: false, inSitemap: false });
    // The studio still finds it in the editor's list.
    await page.goto(`/admin/content?q=${slug}`);
    await expect(page.getByRole("link", { name: title })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ has: page.getByRole("link", { name: title }) })).toContainText(
      "Hidden",
    );
    await context.close();
  });
}

// Issue 39: history people can read. About's heading edited twice (and a paragraph once), the
// revision before compared with the live one field by field, and only the heading restored.
for (const width of editorWidths) {
  test(`the studio compares two revisions of About by field and restores one field (${width.name}) @desktop`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      ...width.options,
      baseURL: own.server.url,
      storageState: own.studio.stateFile,
    });
    const page = await context.newPage();
    const press = (target: Locator) => (width.options.hasTouch ? target.tap() : target.click());
    await page.goto("/admin/content");
    await press(page.getByRole("region", { name: "Pages" }).getByRole("link", { name: "About", exact: true }));
    const heading = page.locator("#f-heading");
    const original = await heading.inputValue();
    const paragraph = page.locator('[name="biography.paragraphs.0"]');
    const addedWords = `A sentence written for the history (${width.name}).`;
    await heading.fill(`${original}, first change`);
    await paragraph.fill(`${await paragraph.inputValue()} ${addedWords}`);
    await publish(page, press);
    const firstLive = Number(/revision (\d+) is live/.exec((await page.getByRole("status").textContent()) ?? "")?.[1]);
    await page.locator("#f-heading").fill(`${original}, second change`);
    await publish(page, press);

    // The revision before both edits, against the live one: the fields that differ, in words.
    const history = page.getByRole("region", { name: "History" });
    const before = firstLive - 1;
    await press(
      history
        .getByRole("listitem")
        .filter({ hasText: `Revision ${before}:` })
        .getByRole("link", { name: "Compare" }),
    );
    const comparison = page.getByRole("region", { name: `Changes from revision ${before} to the live one` });
    await expect(comparison).toBeVisible();
    const fields = comparison.getByRole("list", { name: "Changed fields" });
    const headingChange = fields.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /^Heading/ }) });
    await expect(headingChange).toContainText(`“${original}”`);
    await expect(headingChange).toContainText(`“${original}, second change”`);
    const paragraphChange = fields
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: /^Biography › Paragraphs › 1/ }) });
    await expect(paragraphChange.locator("ins")).toContainText(addedWords);
    // The stored text only under "Advanced", closed.
    await expect(comparison.locator("details pre")).toBeHidden();
    if (shots) await page.screenshot({ path: path.join(shots, `compare-fields-${width.name}.png`), fullPage: true });

    // Only the heading goes back; the paragraph stays as edited.
    await press(comparison.getByRole("button", { name: "Restore this field: Heading", exact: true }));
    await expect(page.getByRole("status")).toContainText(`revision ${firstLive + 2} is live`);
    await expect(comparison).toContainText("Restored “Heading”");
    await expect(comparison.getByRole("button", { name: "Restore this field: Heading", exact: true })).toHaveCount(0);
    await expect(paragraphChange).toBeVisible();
    expect(await publicText(page, "/about", (p) => p.getByRole("heading", { level: 1 }))).toBe(original);
    expect(await publicText(page, "/about", (p) => p.getByRole("main"))).toContain(addedWords);
    await expect(page.locator("#f-heading")).toHaveValue(original);
    if (shots) await page.screenshot({ path: path.join(shots, `compare-restored-${width.name}.png`) });
    await context.close();
  });
}

test("an invalid value shows its problem beside the field and keeps what was typed @desktop", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: own.server.url, storageState: own.studio.stateFile });
  const page = await context.newPage();
  // Typed once React runs the editor: a fill while it hydrated had its select-all undone, and the
  // words landed in front of the old text (seen on a quiet machine, every time).
  await gotoHydrated(page, "/admin/content/pages/contact.yaml");
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

test("deleting a work an exhibition shows is refused with the reason @desktop", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: own.server.url, storageState: own.studio.stateFile });
  const page = await context.newPage();
  await page.goto("/admin/content/works/the-underworld.md");
  await page.getByRole("link", { name: "Delete this work" }).click();
  const question = page.getByRole("dialog", { name: "Delete “The Underworld”?" });
  await question.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(question.getByRole("alert")).toContainText("Not deleted: the site still needs it.");
  await expect(question.getByRole("alert")).toContainText("Exhibition “Solo Exhibition: London, 2024”");
  await expect(question.getByRole("alert")).not.toContainText(".yaml");
  expect((await page.request.get(`${own.server.url}/art/the-underworld`)).status()).toBe(200);
  await context.close();
});

test.describe("the editor's boundaries", () => {
  const origin = () => own.server.url;
  async function studioRequest(browser: import("@playwright/test").Browser) {
    const context = await browser.newContext({ baseURL: origin(), storageState: own.studio.stateFile });
    return { context, request: context.request };
  }
  const about = () => `${origin()}/admin/content/pages/about.yaml`;

  test("a preview needs the studio signed in with its second factor @desktop", async ({ browser, playwright }) => {
    // A draft to preview.
    const { context, request } = await studioRequest(browser);
    const saved = await request.post(`${origin()}/admin/content/pages/merch.yaml`, {
      headers: { Origin: origin() },
      form: {
        intent: "save-draft",
        baseRevision: "1",
        title: "Merch",
        description: "Secret draft words",
        heading: "Secret draft heading",
      },
      maxRedirects: 0,
    });
    expect(saved.status()).toBe(302);
    const preview = await request.get(`${origin()}/admin/preview/pages/merch.yaml`);
    expect(preview.status()).toBe(200);
    expect(preview.headers()["cache-control"]).toBe("no-store");
    expect(preview.headers()["x-robots-tag"]).toContain("noindex");
    const html = await preview.text();
    expect(html).toContain("Preview of a draft");
    expect(html).toContain("Secret draft heading");
    expect(html).not.toMatch(/<script\b/);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    await context.close();

    // Signed out: sent to sign in, no draft shown.
    const anonymous = await playwright.request.newContext({ baseURL: origin() });
    const signedOut = await anonymous.get("/admin/preview/pages/merch.yaml", { maxRedirects: 0 });
    expect(signedOut.status()).toBe(303);
    expect(signedOut.headers().location).toBe("/admin/content/pages/merch.yaml");
    expect(await signedOut.text()).not.toContain("Secret draft");
    await anonymous.dispose();

    // Password given but no second-factor code: the same.
    const halfway = await browser.newContext({ baseURL: origin() });
    const page = await halfway.newPage();
    await signInWithPassword(page, "/admin/content");
    await expect(page.getByLabel("Code")).toBeVisible();
    const withoutFactor = await halfway.request.get(`${origin()}/admin/preview/pages/merch.yaml`, { maxRedirects: 0 });
    expect(withoutFactor.status()).toBe(303);
    expect(await withoutFactor.text()).not.toContain("Secret draft");
    await halfway.close();
  });

  test("forged, oversized and foreign writes are refused with a sentence, and change nothing @desktop", async ({
    browser,
  }) => {
    const { context, request } = await studioRequest(browser);
    const page = await context.newPage();
    await page.goto(about());
    const before = await page.locator("#f-heading").inputValue();
    const post = (url: string, form: Record<string, string>, headers: Record<string, string> = { Origin: origin() }) =>
      request.post(url, { headers, form, maxRedirects: 0 });

    // Another site's form: refused before anything is read.
    const foreign = await post(
      about(),
      { intent: "form-publish", baseRevision: "1", heading: "Forged" },
      { Origin: "https://evil.test" },
    );
    expect(foreign.status()).toBe(403);

    // Ten thousand fields.
    const flood: Record<string, string> = { intent: "save-draft", baseRevision: "1" };
    for (let i = 0; i < 10_000; i++) flood[`f${i}`] = "x";
    const flooded = await post(about(), flood);
    expect(flooded.status()).toBe(413);

    // A value past the document limit (the body itself under the 1 MB the editor's address takes).
    const huge = await post(about(), { intent: "save-draft", baseRevision: "1", heading: "x".repeat(300_000) });
    expect(huge.status()).toBe(413);
    expect(await huge.text()).toContain("at most 200000");

    // A draft for a path outside the content tree.
    for (const outside of ["secrets.yaml", "pages/../../package.json", "works/Not-A-Slug.md"]) {
      const answer = await post(`${origin()}/admin/content/${outside}`, {
        intent: "save-draft",
        baseRevision: "0",
        title: "x",
      });
      expect(answer.status(), outside).toBeGreaterThanOrEqual(400);
      expect(answer.status(), outside).toBeLessThan(500);
    }

    // Names the schema does not have, prototype ones and a far list index: read as nothing.
    await page.goto(about());
    const formData = await page
      .locator("form:has(#f-heading)")
      .evaluate((form) =>
        [...new FormData(form as HTMLFormElement)].map(([name, value]) => [name, String(value)] as [string, string]),
      );
    const send = (extra: [string, string][]) =>
      request.post(about(), {
        headers: { Origin: origin(), "Content-Type": "application/x-www-form-urlencoded" },
        data: new URLSearchParams([
          ...formData.filter(([name]) => name !== "intent"),
          ["intent", "form-publish"],
          ...extra,
        ]).toString(),
        maxRedirects: 0,
      });
    const forged = await send([
      ["__proto__.polluted", "x"],
      ["constructor.prototype.polluted", "x"],
      ["heading.extra", "x"],
    ]);
    expect(forged.status()).toBe(302);
    expect(forged.headers().location).toContain("unchanged=1");
    // A far list index is one more (empty) item, which the schema refuses: nothing published.
    const far = await send([["_item", "slides.99999"]]);
    expect(far.status()).toBe(422);
    await page.goto(about());
    await expect(page.locator("#f-heading")).toHaveValue(before);
    await context.close();
  });
});
