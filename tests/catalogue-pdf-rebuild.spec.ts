import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { formatFileSize } from "#app/format/file-size.ts";
import { pdfText } from "./support/pdf-text.ts";
import { createPostgresDatabase, startServer } from "./support/server-process.ts";
import { ownStudioServer } from "./support/studio-server.ts";

// The catalogue PDF follows the published content (decision 044): a printed work renamed in the
// database is in the PDF served once the background rebuild is done, and until then the
// previous PDF is served whole; never a 404, never half a file.

const PDF = "/files/umbra-secrets-catalogue-full.pdf";
const EXHIBITION = "/exhibitions/solo-exhibition-london-2024";

/** The repository's content with a printed work renamed (its record and the exhibition's works block). */
function renamedWork(from: string, to: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-pdf-content-"));
  fs.cpSync("content", dir, { recursive: true });
  for (const file of ["works/the-underworld.md", "exhibitions/solo-exhibition-london-2024.yaml"]) {
    const full = path.join(dir, file);
    const text = fs.readFileSync(full, "utf8");
    expect(text).toContain(from);
    fs.writeFileSync(full, text.replaceAll(from, to));
  }
  return dir;
}

async function getPdf(url: string) {
  const answer = await fetch(`${url}${PDF}`);
  const body = Buffer.from(await answer.arrayBuffer());
  return { answer, body };
}

/** A whole PDF with the headers a browser needs to not keep a stale one. */
function expectWholePdf({ answer, body }: Awaited<ReturnType<typeof getPdf>>) {
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toBe("application/pdf");
  expect(Number(answer.headers.get("content-length"))).toBe(body.length);
  expect(answer.headers.get("cache-control")).toContain("max-age=0");
  expect(body.subarray(0, 5).toString()).toBe("%PDF-");
  expect(body.subarray(-8).toString()).toContain("%%EOF");
}

// E2E_PORT + 15: the studio's own server (publishing changes what other specs read).
const own = ownStudioServer(15, "catalogue-pdf");

test.describe("the catalogue PDF is rebuilt after a published change @desktop", () => {
  // Timing-bound (the PDF rebuild runs in a child process against a deadline): one retry.
  test.describe.configure({ mode: "serial", timeout: 240_000, retries: 1 });

  test("the studio publishes a printed work's description and the editor says when the new PDF is served", async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: own.server.url, storageState: own.studio.stateFile });
    const page = await context.newPage();
    await page.goto("/admin/content");
    await expect(page.getByText(/^Catalogue PDF: as built, \d+\.\d MB\./)).toBeVisible();

    await page.goto("/admin/content/works/the-underworld.md");
    const description = page.locator("#f-description");
    await description.fill(`${await description.inputValue()}\nPrinted anew for the catalogue.`);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByRole("status")).toContainText("is live");

    await expect
      .poll(
        async () => {
          await page.goto("/admin/content");
          return page.getByText(/^Catalogue PDF: /).textContent();
        },
        { timeout: 180_000, intervals: [500] },
      )
      .toMatch(/^Catalogue PDF: rebuilt \d+ \w+ \d{4}, \d\d:\d\d UTC, \d+\.\d MB\./);
    const { body } = await getPdf(own.server.url);
    expect(pdfText(body)).toContain("Printed anew for the catalogue.");
    await context.close();
  });

  test("a renamed printed work is in the PDF served after the rebuild; the old one until then", async () => {
    const baseUrl = process.env.TEST_DATABASE_URL;
    test.skip(!baseUrl, "needs TEST_DATABASE_URL");
    const database = await createPostgresDatabase(baseUrl as string);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-pdf-data-"));
    const server = await startServer({
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      WARM_IMAGES: "off",
    });
    try {
      const before = await getPdf(server.url);
      expectWholePdf(before);
      expect(pdfText(before.body)).toContain("The Underworld");
      const etag = before.answer.headers.get("etag");
      // The file's size, modification time and inode: a rebuilt file has another.
      expect(etag).toMatch(/^"[0-9a-z]+-[0-9a-z]+-[0-9a-z]+"$/);
      const revalidated = await fetch(`${server.url}${PDF}`, { headers: { "If-None-Match": etag ?? "" } });
      expect(revalidated.status).toBe(304);

      // Published while the server runs, as the studio's editor does (commitChanges, NOTIFY).
      const files = renamedWork("The Underworld", "The Underworld Revisited");
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ["--import", "tsx", "scripts/content-import.ts", "--from", files],
        { env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir }, encoding: "utf8", timeout: 120_000 },
      );
      expect(stdout).toContain("changed  works/the-underworld.md");

      // Every answer while it is rebuilt is a whole PDF: the old one, then the new one.
      const seen = new Set<string>();
      let after = before;
      await expect
        .poll(
          async () => {
            after = await getPdf(server.url);
            expectWholePdf(after);
            seen.add(after.answer.headers.get("etag") ?? "");
            return pdfText(after.body).includes("The Underworld Revisited");
          },
          { timeout: 180_000, intervals: [250] },
        )
        .toBe(true);
      expect(after.answer.headers.get("etag")).not.toBe(etag);
      // A browser asking If-Modified-Since is told of the new file too.
      const modified = (answer: Response) => Date.parse(answer.headers.get("last-modified") ?? "");
      expect(modified(after.answer)).toBeGreaterThan(modified(before.answer));
      // At most the old and the new one were served, nothing in between.
      expect(seen.size).toBeLessThanOrEqual(2);

      // The pages state the size of the file served now.
      const size = formatFileSize(after.body.length);
      await expect.poll(async () => (await fetch(`${server.url}${EXHIBITION}`)).text()).toContain(size);
      await expect.poll(async () => (await fetch(`${server.url}/cv`)).text()).toContain(size);
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
