import path from "node:path";
import { expect as baseExpect, test } from "@playwright/test";
import { ownStudioServer } from "./support/studio-server.ts";

// Issue 39, the safety net (decision 067): deleting a work asks first, the work goes to the
// Trash, and Restore brings it back to the site with its history. Its own server: deleting
// changes the public pages other specs read.
test.describe.configure({ mode: "serial", timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

// E2E_PORT + 21 (the room specs take + 1 to + 9, the content specs + 10 to + 15).
const own = ownStudioServer(21, "content-trash");
const shots = process.env.CONTENT_SCREENSHOTS; // a folder: save screenshots there
const WORK = "/admin/content/works/brass-moth.md";

async function publicStatus(at: string): Promise<number> {
  const answer = await fetch(`${own.server.url}${at}`, { redirect: "manual" });
  return answer.status;
}

test("a work is deleted only once confirmed, sits in the Trash, and Restore puts it back on the site @desktop", async ({
  browser,
}) => {
  const studio = { baseURL: own.server.url, storageState: own.studio.stateFile };
  expect(await publicStatus("/art/brass-moth")).toBe(200);

  // Without JavaScript the question is a page of its own; Cancel leaves everything as it was.
  const plain = await browser.newContext({ ...studio, javaScriptEnabled: false });
  const plainPage = await plain.newPage();
  await plainPage.goto(WORK);
  await plainPage.getByRole("link", { name: "Delete this work" }).click();
  const inline = plainPage.getByRole("region", { name: "Delete “Brass Moth”?" });
  await expect(inline).toContainText("Trash for 30 days");
  await expect(inline.getByRole("button", { name: "Hide from the site instead" })).toBeVisible();
  await inline.getByRole("link", { name: "Cancel" }).click();
  await expect(plainPage.getByRole("region", { name: "Delete “Brass Moth”?" })).toHaveCount(0);
  await plain.close();
  expect(await publicStatus("/art/brass-moth")).toBe(200);

  const context = await browser.newContext({ ...studio, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(WORK);
  await page.getByRole("link", { name: "Delete this work" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete “Brass Moth”?" });
  await expect(dialog).toContainText("you can restore it, with its whole history");
  if (shots) await page.screenshot({ path: path.join(shots, "delete-question-1280.png") });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect(await publicStatus("/art/brass-moth")).toBe(200);

  await page.getByRole("link", { name: "Delete this work" }).click();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Deleted “Brass Moth”");
  expect(await publicStatus("/art/brass-moth")).toBe(404);

  await page.getByRole("link", { name: "Trash (1)" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Trash");
  const entry = page.getByRole("listitem").filter({ hasText: "Brass Moth" });
  await expect(entry).toContainText("Work. Deleted by");
  await expect(entry).toContainText("30 days left");
  if (shots) await page.screenshot({ path: path.join(shots, "trash-1280.png"), fullPage: true });
  await entry.getByRole("button", { name: "Restore “Brass Moth”" }).click();
  await expect(page.getByRole("status")).toContainText("Restored from the Trash: revision 3 is live");
  expect(await publicStatus("/art/brass-moth")).toBe(200);
  // Its history: the restore, the delete and the first revision.
  await expect(page.getByRole("button", { name: /^Restore revision/ })).toHaveCount(2);
  await context.close();
});
