import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { expect, test } from "@playwright/test";
import { ownStudioServer } from "./support/studio-server.ts";

const own = ownStudioServer(17, "archive-shots");
test("shots @desktop", async ({ browser }) => {
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 844 }, baseURL: own.server.url, storageState: own.studio.stateFile });
    const page = await context.newPage();
    await page.goto("/admin/content");
    await page.screenshot({ path: `/tmp/archive-shots/list-${width}.png` });
    await page.goto("/admin/content/archive");
    await page.screenshot({ path: `/tmp/archive-shots/start-${width}.png`, fullPage: true });
    const bad = path.join(own.tempDir(), "bad.tar.gz");
    const block = Buffer.alloc(1024);
    fs.writeFileSync(bad, zlib.gzipSync(Buffer.concat([Buffer.from("not a tar"), block])));
    await page.getByLabel(/Site archive/).setInputFiles(bad);
    await page.getByRole("button", { name: "Upload and preview" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await page.screenshot({ path: `/tmp/archive-shots/refused-${width}.png`, fullPage: true });
    await context.close();
  }
});
