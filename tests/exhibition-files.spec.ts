import fs from "node:fs";
import path from "node:path";
import { expect as baseExpect, type Locator, test } from "@playwright/test";
import { testPdf, testWav } from "#tests/support/test-exhibition-files.ts";
import { gotoHydrated } from "./support/hydration.ts";
import { sendRaw } from "./support/raw-http.ts";
import { editorWidths, ownStudioServer } from "./support/studio-server.ts";

// Issue 23, decision 048: the studio uploads a PDF into a downloads block and a recording into an
// audio block in the exhibition editor, publishes, and a visitor downloads the PDF and plays the
// recording from the public page, with the bytes uploaded and the type they are. A file over the
// limit gets the limit's sentence beside the field (and in the image panel) before anything is
// sent. At 1280 and at 1024 with touch. Its own server: publishing changes pages others read.
test.describe.configure({ mode: "serial", timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

// E2E_PORT + 12 (rooms + 1 to + 9, the text editor + 10, images + 11, forms + 14).
const own = ownStudioServer(12, "exhibition-files");
const EXHIBITION = "residency-in-the-amazon-peru-2025";

/** A file of `bytes` zero bytes on disk (sparse: nothing is written), for the size checks. */
function bigFile(name: string, bytes: number): string {
  const file = path.join(own.tempDir(), name);
  fs.writeFileSync(file, "");
  fs.truncateSync(file, bytes);
  return file;
}

for (const [index, width] of editorWidths.entries()) {
  test(`the studio uploads a PDF and a recording into an exhibition, publishes, and visitors get them (${width.name}) @desktop`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      ...width.options,
      baseURL: own.server.url,
      storageState: own.studio.stateFile,
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const press = (target: Locator) => (width.options.hasTouch ? target.tap() : target.click());
    await page.goto(`/admin/content/exhibitions/${EXHIBITION}.yaml`);

    // A new downloads block, its first file labelled.
    const blocks = page.getByRole("group", { name: "Blocks", exact: true });
    const count = await blocks.locator("> ol > li").count();
    await page.getByLabel("New block's type").selectOption("downloads");
    await press(page.getByRole("button", { name: "Add block", exact: true }));
    const downloads = page.getByRole("group", { name: `Block ${count + 1}: downloads` });
    await expect(downloads).toBeVisible();
    await downloads.getByLabel("Heading", { exact: true }).fill(`Read more (${width.name})`);
    const label = `Residency diary ${width.name}`;
    await downloads.getByLabel("Label", { exact: true }).fill(label);

    // Too big first: the sentence beside the field, nothing sent, the typed label kept.
    const pdfUpload = downloads.getByLabel("Upload file", { exact: true });
    await pdfUpload.setInputFiles(bigFile("diary.pdf", 41 * 1024 * 1024));
    await expect(downloads.getByRole("alert")).toContainText("the limit is 40 MB");
    await expect(downloads.getByLabel("Label", { exact: true })).toHaveValue(label);

    const pdf = testPdf(`Residency diary ${index}`);
    await pdfUpload.setInputFiles({ name: "IMG_0042.pdf", mimeType: "application/pdf", buffer: pdf });
    await expect(downloads.getByRole("status")).toContainText("Uploaded");
    const href = downloads.getByLabel("Href", { exact: true });
    await expect(href).toHaveValue(
      /^\/files\/u\/[0-9a-f]{16}\/residency-diary-1024-with-touch\.pdf$|^\/files\/u\/[0-9a-f]{16}\/residency-diary-1280\.pdf$/,
    );
    const pdfAddress = await href.inputValue();

    // The audio block: a recording over 100 MB is refused beside it, then a WAV fills src and mime.
    const audio = page.getByRole("group", { name: /: audio$/ });
    const audioUpload = audio.getByLabel("Upload file", { exact: true });
    await audioUpload.setInputFiles(bigFile("take.wav", 101 * 1024 * 1024));
    await expect(audio.getByRole("alert")).toContainText("the limit is 100 MB");
    // About a megabyte: over the 64 KB every other form may send, so the upload's own limit is used.
    const recording = testWav(60 + index);
    await audioUpload.setInputFiles({ name: "take.mp3", mimeType: "audio/mpeg", buffer: recording });
    await expect(audio.getByRole("status")).toContainText("Uploaded");
    await expect(audio.getByLabel("Src", { exact: true })).toHaveValue(/^\/files\/u\/[0-9a-f]{16}\/listen\.wav$/);
    await expect(audio.getByLabel("Mime", { exact: true })).toHaveValue("audio/wav");
    const audioAddress = await audio.getByLabel("Src", { exact: true }).inputValue();

    // Not public before it is published.
    expect((await page.request.get(`${own.server.url}${pdfAddress}`, { headers: { Cookie: "" } })).status()).toBe(404);

    await press(page.getByRole("button", { name: "Publish", exact: true }));
    await expect(page.getByRole("status").first()).toContainText("is live");

    // A visitor (no session) on the public page.
    const visitor = await browser.newContext({ ...width.options, baseURL: own.server.url, acceptDownloads: true });
    const site = await visitor.newPage();
    await site.goto(`/exhibitions/${EXHIBITION}`);
    const link = site.getByRole("link", { name: new RegExp(`^${label} \\(PDF`) });
    await expect(link).toHaveAttribute("href", pdfAddress);
    const [download] = await Promise.all([site.waitForEvent("download"), press(link)]);
    expect(download.suggestedFilename()).toBe(path.basename(pdfAddress));
    expect(fs.readFileSync((await download.path()) ?? "")).toEqual(pdf);
    const served = await site.request.get(pdfAddress);
    expect(served.headers()["content-type"]).toBe("application/pdf");
    expect(served.headers()["content-disposition"]).toMatch(/^attachment/);
    expect(served.headers()["content-length"]).toBe(String(pdf.length));
    expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.headers()["x-content-type-options"]).toBe("nosniff");
    const head = await site.request.head(audioAddress);
    expect(head.status()).toBe(200);
    expect(head.headers()["content-length"]).toBe(String(recording.length));
    expect((await head.body()).length).toBe(0);

    await expect(site.locator("audio source")).toHaveAttribute("src", audioAddress);
    const part = await site.request.get(audioAddress, { headers: { Range: "bytes=0-43" } });
    expect(part.status()).toBe(206);
    expect(part.headers()["content-type"]).toBe("audio/wav");
    expect(Buffer.from(await part.body())).toEqual(recording.subarray(0, 44));
    // The browser's player reads it (the page loads nothing until asked): as long as the recording.
    const duration = await site.locator("audio").evaluate(
      (element: HTMLAudioElement) =>
        new Promise<number>((resolve) => {
          element.addEventListener("loadedmetadata", () => resolve(element.duration), { once: true });
          element.addEventListener("error", () => resolve(Number.NaN), { once: true });
          element.preload = "metadata";
          element.load();
        }),
    );
    expect(Math.round(duration)).toBe(60 + index);
    await visitor.close();
    await context.close();
  });
}

test("the image panel says a file over 40 MB is too large before sending it @desktop", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: own.server.url, storageState: own.studio.stateFile });
  const page = await context.newPage();
  await page.goto("/admin/content/works/brass-moth.md");
  await page.getByLabel(/^Image file/).setInputFiles(bigFile("huge.jpg", 41 * 1024 * 1024));
  await page.getByRole("button", { name: /^(Upload|Replace)$/ }).click();
  await expect(page.getByRole("alert")).toContainText("the limit is 40 MB");
  await context.close();
});

test("a body declared over 100 MB is refused at once with the upload's sentence, not a bare 413 @desktop", async () => {
  const answer = await sendRaw(own.server.url, {
    method: "POST",
    path: "/admin/content-files",
    headers: {
      Origin: own.server.url,
      "Content-Type": "multipart/form-data; boundary=x",
      "Content-Length": String(101 * 1024 * 1024),
    },
  });
  expect(answer.status).toBe(413);
  expect(answer.body).toContain("The file is larger than 100 MB");
});

test("a PDF chosen for an audio block is refused beside the field, which keeps its recording @desktop", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: own.server.url, storageState: own.studio.stateFile });
  const page = await context.newPage();
  await page.goto(`/admin/content/exhibitions/${EXHIBITION}.yaml`);
  const audio = page.getByRole("group", { name: /: audio$/ });
  const src = audio.getByLabel("Src", { exact: true });
  const before = await src.inputValue();
  await audio
    .getByLabel("Upload file", { exact: true })
    .setInputFiles({ name: "take.mp3", mimeType: "audio/mpeg", buffer: testPdf("not a recording") });
  await expect(audio.getByRole("alert")).toContainText("an audio block plays a recording");
  await expect(src).toHaveValue(before);
  await expect(audio.getByLabel("Mime", { exact: true })).not.toHaveValue("application/pdf");
  await context.close();
});

test("at 390 px the Src field, its Upload file control and a refusal stay inside the audio block @desktop", async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    baseURL: own.server.url,
    storageState: own.studio.stateFile,
  });
  const page = await context.newPage();
  await gotoHydrated(page, `/admin/content/exhibitions/${EXHIBITION}.yaml`);
  const audio = page.getByRole("group", { name: /: audio$/ });
  await audio.getByLabel("Upload file", { exact: true }).setInputFiles(bigFile("long.wav", 101 * 1024 * 1024));
  await expect(audio.getByRole("alert")).toContainText("the limit is 100 MB");
  const right = async (target: Locator) => {
    const box = await target.boundingBox();
    if (!box) throw new Error("not laid out");
    return box.x + box.width;
  };
  const inside = await right(audio);
  // The address, the file input and the sentence wrap within the block's box (they ran past it).
  for (const part of [
    audio.getByLabel("Src", { exact: true }),
    audio.getByLabel("Upload file", { exact: true }),
    audio.getByRole("alert"),
  ])
    expect(await right(part)).toBeLessThanOrEqual(inside);
  await context.close();
});
