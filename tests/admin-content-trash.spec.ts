import path from "node:path";
import { expect as baseExpect, type Locator, type Page, test } from "@playwright/test";
import { editorWidths, ownStudioServer } from "./support/studio-server.ts";

// Issue 39, the safety net (decision 067): deleting a work asks first, the work goes to the
// Trash, and Restore brings it back to the site with its history. Its own server: deleting
// changes the public pages other specs read.
test.describe.configure({ mode: "serial", timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

// E2E_PORT + 21 (the room specs take + 1 to + 9, the content specs + 10 to + 15).
const own = ownStudioServer(21, "content-trash");
const shots = process.env.CONTENT_SCREENSHOTS; // a folder: save screenshots there

async function publicStatus(at: string): Promise<number> {
  const answer = await fetch(`${own.server.url}${at}`, { redirect: "manual" });
  return answer.status;
}

test("without JavaScript, Delete asks on a page of its own, and Cancel leaves the work on the site @desktop", async ({
  browser,
}) => {
  const studio = { baseURL: own.server.url, storageState: own.studio.stateFile };
  const plain = await browser.newContext({ ...studio, javaScriptEnabled: false });
  const plainPage = await plain.newPage();
  await plainPage.goto(editorOf("brass-moth"));
  await plainPage.getByRole("link", { name: "Delete this work" }).click();
  const inline = plainPage.getByRole("region", { name: "Delete “Brass Moth”?" });
  await expect(inline).toContainText("Trash for 30 days");
  await expect(inline.getByRole("button", { name: "Hide from the site instead" })).toBeVisible();
  await inline.getByRole("link", { name: "Cancel" }).click();
  await expect(plainPage.getByRole("region", { name: "Delete “Brass Moth”?" })).toHaveCount(0);
  await plain.close();
  expect(await publicStatus("/art/brass-moth")).toBe(200);
});

// A work of its own per width, so each starts from a work with one revision and an empty Trash.
const worksByWidth = [
  { slug: "brass-moth", title: "Brass Moth" },
  { slug: "moss-oracle", title: "Moss Oracle" },
];

for (const [index, width] of editorWidths.entries()) {
  const { slug, title } = worksByWidth[index]!;
  test(`a work is deleted only once confirmed, sits in the Trash, and Restore puts it back on the site (${width.name}) @desktop`, async ({
    browser,
  }) => {
    expect(await publicStatus(`/art/${slug}`)).toBe(200);
    const context = await browser.newContext({
      ...width.options,
      baseURL: own.server.url,
      storageState: own.studio.stateFile,
    });
    const page = await context.newPage();
    const press = (target: Locator) => (width.options.hasTouch ? target.tap() : target.click());
    await page.goto(editorOf(slug));
    await press(page.getByRole("link", { name: "Delete this work" }));
    const dialog = page.getByRole("dialog", { name: `Delete “${title}”?` });
    await expect(dialog).toContainText("you can restore it, with its whole history");
    await shoot(page, `delete-question-${width.name}`);
    await press(dialog.getByRole("button", { name: "Cancel" }));
    await expect(dialog).toBeHidden();
    expect(await publicStatus(`/art/${slug}`)).toBe(200);

    await press(page.getByRole("link", { name: "Delete this work" }));
    await press(dialog.getByRole("button", { name: "Delete", exact: true }));
    await expect(page.getByRole("status")).toContainText(`Deleted “${title}”`);
    expect(await publicStatus(`/art/${slug}`)).toBe(404);

    await press(page.getByRole("link", { name: "Trash (1)" }));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Trash");
    const entry = page.getByRole("listitem").filter({ hasText: title });
    await expect(entry).toContainText("Work. Deleted by");
    await expect(entry).toContainText("30 days left");
    await shoot(page, `trash-${width.name}`, true);
    await press(entry.getByRole("button", { name: `Restore “${title}”` }));
    await expect(page.getByRole("status")).toContainText("Restored from the Trash: revision 3 is live");
    expect(await publicStatus(`/art/${slug}`)).toBe(200);
    // Its history: the restore, the delete and the first revision.
    await expect(page.getByRole("button", { name: /^Restore revision/ })).toHaveCount(2);
    await context.close();
  });
}

function editorOf(slug: string): string {
  return `/admin/content/works/${slug}.md`;
}

async function shoot(page: Page, name: string, fullPage = false) {
  if (shots) await page.screenshot({ path: path.join(shots, `${name.replace(/ /g, "-")}.png`), fullPage });
}
