import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { expect as baseExpect, type Locator, test } from "@playwright/test";
import { extractTarGz } from "#app/content-archive/tar-reader.server.ts";
import { tarGzStream } from "#app/content-archive/tar-writer.server.ts";
import { editorWidths, ownStudioServer } from "./support/studio-server.ts";

// Issue 39, export and import in the browser: the studio downloads the whole site as one file,
// uploads it back and is told nothing would change; then uploads a copy with one work retitled,
// sees that in the preview, applies it and the public page shows it. One server, at 1280 and at
// 1024 with touch; the first also imports the archive into a fresh data folder from a terminal.
test.describe.configure({ mode: "serial", timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

// E2E_PORT + 20 (the content specs take + 10 to + 15, admin.spec + 16 and + 18, the layout + 19).
const own = ownStudioServer(20, "site-archive");
const shots = process.env.CONTENT_SCREENSHOTS; // a folder: save screenshots there

for (const [index, width] of editorWidths.entries()) {
  test(`the studio downloads the whole site, uploads it back with no change, then imports a change (${width.name}) @desktop`, async ({
    browser,
  }) => {
    const retitled = `Brass Moth, second state (${width.name})`;
    const press = (target: Locator) => (width.options.hasTouch ? target.tap() : target.click());
    const context = await browser.newContext({
      ...width.options,
      baseURL: own.server.url,
      storageState: own.studio.stateFile,
    });
    const page = await context.newPage();
    await page.goto("/admin/content");
    await press(page.getByRole("link", { name: "Download the whole site, or import one" }));
    await expect(page.getByRole("heading", { name: "Export and import the site", level: 1 })).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      press(page.getByRole("link", { name: "Download the whole site" })),
    ]);
    expect(download.suggestedFilename()).toMatch(/^umbra-site-\d{4}-\d{2}-\d{2}\.tar\.gz$/);
    const folder = own.tempDir();
    const archive = path.join(folder, download.suggestedFilename());
    await download.saveAs(archive);

    // Into a fresh data folder, from a terminal with the site's server elsewhere: the archive makes
    // the same site there, so a second look at it finds nothing to change, add or show.
    if (index === 0) {
      const fresh = own.tempDir();
      const first = importArchive(archive, fresh);
      expect(first.status, first.output).toBe(0);
      const again = importArchive(archive, fresh, "--dry-run");
      expect(again.status, again.output).toBe(0);
      expect(again.output).toContain("No change: the published content is the same as these files.");
      expect(again.output).not.toMatch(/Would (add|show)/);
    }

    // The same file back: nothing would change, and nothing does.
    await page.getByLabel(/Site archive/).setInputFiles(archive);
    await press(page.getByRole("button", { name: "Upload and preview" }));
    await expect(page.getByRole("status")).toHaveText(
      "Nothing would change: the site is already the same as this archive.",
    );
    if (shots)
      await page.screenshot({
        path: path.join(shots, `site-archive-same-${width.name.replace(/ /g, "-")}.png`),
        fullPage: true,
      });
    await expect(page.getByRole("button", { name: "Apply" })).toHaveCount(0);
    await press(page.getByRole("button", { name: "Done" }));
    await expect(page.getByRole("status")).toHaveText("Cancelled: nothing was imported.");

    // A copy with one work retitled: the preview names it by its new title; Apply publishes it.
    const unpacked = path.join(folder, "unpacked");
    fs.mkdirSync(unpacked);
    const names = await extractTarGz(fs.createReadStream(archive), unpacked);
    expect(names).toContain("manifest.json");
    const work = path.join(unpacked, "works", "brass-moth.md");
    fs.writeFileSync(work, fs.readFileSync(work, "utf8").replace(/^title: .*$/m, `title: ${retitled}`));
    const changed = path.join(folder, "changed.tar.gz");
    await pipeline(
      tarGzStream(names.map((name) => ({ name, file: path.join(unpacked, name) }))),
      fs.createWriteStream(changed),
    );
    await page.getByLabel(/Site archive/).setInputFiles(changed);
    await press(page.getByRole("button", { name: "Upload and preview" }));
    const preview = page.getByRole("form", { name: "What this archive would change" });
    await expect(preview).toContainText(`Works changed: ${retitled}`);
    if (shots)
      await page.screenshot({
        path: path.join(shots, `site-archive-preview-${width.name.replace(/ /g, "-")}.png`),
        fullPage: true,
      });
    await press(preview.getByRole("button", { name: "Apply" }));
    await expect(page.getByRole("status")).toContainText("Imported: 1 change published.");
    const answer = await page.request.get(`${own.server.url}/art/brass-moth`);
    expect(await answer.text()).toContain(retitled);
    await context.close();
  });
}

/** `npm run content:import -- --from ARCHIVE` on the embedded database in `dataDir`, as an operator runs it. */
function importArchive(archive: string, dataDir: string, ...flags: string[]) {
  const { DATABASE_URL: _unset, ...inherited } = process.env;
  const run = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/content-import.ts", "--from", archive, ...flags],
    { env: { ...inherited, DATA_DIR: dataDir }, encoding: "utf8", timeout: 120_000 },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}
