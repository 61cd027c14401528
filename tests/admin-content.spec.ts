import fs from "node:fs";
import path from "node:path";
import { expect as baseExpect, type Locator, type Page, test } from "@playwright/test";
import { gotoHydrated } from "./support/hydration.ts";
import { editorWidths, ownStudioServer } from "./support/studio-server.ts";

// Issue 23, the editor's first slice: the studio opens a page's document in the admin area,
// publishes an edit that is live at once, restores the earlier revision from the history, and
// is told (with its text kept) when an edit is invalid or someone else published first. At 1280
// and at 1024 with touch. Its own server: publishing changes the public pages other specs read.
test.describe.configure({ mode: "serial", timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

// E2E_PORT + 10 (the room specs take + 1 to + 9).
const own = ownStudioServer(10, "content-editor");
const shots = process.env.CONTENT_SCREENSHOTS; // a folder: save screenshots there

async function aboutHeading(page: Page): Promise<string> {
  const about = await page.context().newPage();
  await about.goto(`${own.server.url}/about`);
  const heading = (await about.getByRole("heading", { level: 1 }).textContent()) ?? "";
  await about.close();
  return heading;
}

for (const width of editorWidths) {
  test(`the studio edits the About text, publishes it live and restores the earlier one (${width.name}) @desktop`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      ...width.options,
      baseURL: own.server.url,
      storageState: own.studio.stateFile,
    });
    const page = await context.newPage();
    // A tap on the touch screen, a click otherwise.
    const press = (_page: Page, target: Locator) => (width.options.hasTouch ? target.tap() : target.click());
    await page.goto("/admin/content");
    await press(page, page.getByRole("region", { name: "Pages" }).getByRole("link", { name: "About", exact: true }));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About");
    // The document opens as its form (admin-content-forms.spec.ts); this spec edits its text.
    await press(page, page.getByText("Advanced", { exact: true }));
    await press(page, page.getByRole("link", { name: "Edit as text" }));
    const editor = page.getByLabel(/The document, as its file is written/);
    const before = await editor.inputValue();
    const heading = `About Umbra (${width.name})`;
    await editor.fill(before.replace(/^heading: .*$/m, `heading: ${heading}`));
    await press(page, page.getByRole("button", { name: "Publish" }));
    await expect(page.getByRole("status")).toContainText("is live");
    if (shots) await page.screenshot({ path: path.join(shots, `editor-${width.name}.png`), fullPage: true });
    expect(await aboutHeading(page)).toBe(heading);

    // The history keeps the revision before; restoring it is one more revision, live at once.
    const restoreButtons = page.getByRole("button", { name: /^Restore revision/ });
    const earlier = (await restoreButtons.last().textContent()) ?? "";
    await press(page, page.getByRole("link", { name: "Compare" }).first());
    await expect(page.getByRole("heading", { name: /to the live one/ })).toBeVisible();
    await expect(page.getByRole("list", { name: "Changed fields" })).toContainText(`“${heading}”`);
    if (shots) await page.screenshot({ path: path.join(shots, `compare-${width.name}.png`) });
    await press(page, page.getByRole("button", { name: earlier }));
    await expect(page.getByRole("status")).toContainText("is live");
    expect(await aboutHeading(page)).toBe("About Umbra");
    await context.close();
  });
}

test("an invalid edit is refused beside the text, and what was typed is kept @desktop", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: own.server.url, storageState: own.studio.stateFile });
  const page = await context.newPage();
  // Typed once React runs the editor: a fill while it hydrated had its select-all undone, and the
  // words landed in front of the old text (seen on a quiet machine, every time).
  await gotoHydrated(page, "/admin/content/pages/about.yaml?view=text");
  const editor = page.getByLabel(/The document, as its file is written/);
  const typed = (await editor.inputValue()).replace(/^heading: .*$/m, 'heading: ""\n# my note');
  await editor.fill(typed);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("alert")).toContainText("heading:");
  if (shots) await page.screenshot({ path: path.join(shots, "refused.png") });
  await expect(editor).toHaveValue(typed);
  expect(await aboutHeading(page)).toBe("About Umbra");
  await context.close();
});

test("of two tabs editing one document, the later publish is refused and keeps its text @desktop", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: own.server.url, storageState: own.studio.stateFile });
  const [first, second] = [await context.newPage(), await context.newPage()];
  for (const page of [first, second]) await gotoHydrated(page, "/admin/content/pages/cv.yaml?view=text");
  const texts = await Promise.all(
    [first, second].map(async (page, i) => {
      const editor = page.getByLabel(/The document, as its file is written/);
      const text = (await editor.inputValue()).replace(/^title: .*$/m, `title: CV from tab ${i + 1}`);
      await editor.fill(text);
      return text;
    }),
  );
  await first.getByRole("button", { name: "Publish" }).click();
  await expect(first.getByRole("status")).toContainText("is live");
  await second.getByRole("button", { name: "Publish" }).click();
  await expect(second.getByRole("alert")).toContainText("someone else published first");
  await expect(second.getByLabel(/The document, as its file is written/)).toHaveValue(texts[1] ?? "");
  await context.close();
});

test("publishing needs the session, this site's origin and a real document @desktop", async ({ request }) => {
  const url = `${own.server.url}/admin/content/pages/about.yaml`;
  const form = { intent: "publish", text: "title: x", baseRevision: "1" };
  // No session: refused, nothing published.
  const anonymous = await request.post(url, { form, headers: { Origin: own.server.url } });
  expect(anonymous.status()).toBe(401);
  // Another site's form, even with the studio's cookies.
  const state = JSON.parse(fs.readFileSync(own.studio.stateFile, "utf8")) as {
    cookies: { name: string; value: string }[];
  };
  const cookie = state.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const forged = await request.post(url, { form, headers: { Origin: "https://evil.example", Cookie: cookie } });
  expect(forged.status()).toBe(403);
  // A path outside the content tree, and a body past the editor's limit.
  const outside = await request.get(`${own.server.url}/admin/content/..%2F..%2Fpackage.json`, {
    headers: { Cookie: cookie },
  });
  expect(outside.status()).toBe(404);
  const huge = await request.post(url, {
    form: { ...form, text: "x".repeat(2 * 1024 * 1024) },
    headers: { Origin: own.server.url, Cookie: cookie },
  });
  expect(huge.status()).toBe(413);
  const page = await request.get(`${own.server.url}/about`);
  expect(await page.text()).toContain("<h1>About Umbra</h1>");
});
