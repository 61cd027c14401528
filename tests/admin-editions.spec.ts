import path from "node:path";
import { type Browser, expect as baseExpect, type Locator, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./accessibility.ts";
import { editorWidths, ownStudioServer } from "./support/studio-server.ts";

// Issue 40, the studio's edition ledger: a work set as an edition of 8, print 2 held for a
// collector from their enquiry in the inbox, print 3 sold, and the ledger's words saying so.
// Its own server: the ledger it writes must not reach the public pages other specs read.
test.describe.configure({ mode: "serial", timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

// E2E_PORT + 24 (the room specs take + 1 to + 9, the content and studio specs + 10 to + 23).
const own = ownStudioServer(24, "editions");
const shots = process.env.EDITIONS_SCREENSHOTS; // a folder: save screenshots there

// A work of its own per width, each asked about by its own collector.
const worksByWidth = [
  { slug: "mapacho-dawn", title: "Mapacho Dawn", collector: "Grace Hopper", email: "grace@example.org" },
  { slug: "lullaby-for-the-boa", title: "Lullaby for the Boa", collector: "Ada Lovelace", email: "ada@example.org" },
];

/** The collector's enquiry about the work, sent through the public form (the inbox then has it). */
async function sendEnquiry(browser: Browser, work: (typeof worksByWidth)[number]) {
  const context = await browser.newContext({ baseURL: own.server.url });
  const page = await context.newPage();
  await page.goto(`/enquire?subject=work&ref=${work.slug}`);
  const form = page.getByRole("form", { name: `Enquiry: ${work.title}` });
  await form.getByLabel("Your name").fill(work.collector);
  await form.getByLabel("Email", { exact: true }).fill(work.email);
  // The form refuses what is sent faster than a person types.
  await page.waitForTimeout(3_200);
  await form.getByRole("button", { name: "Send enquiry" }).click();
  await expect(page.getByText("reached the studio")).toBeVisible();
  await context.close();
}

test.beforeAll(async ({ browser }) => {
  await Promise.all(worksByWidth.map((work) => sendEnquiry(browser, work)));
});

for (const [index, width] of editorWidths.entries()) {
  const work = worksByWidth[index]!;
  test(`sets an edition of 8, holds print 2 from an enquiry, sells print 3 (${width.name}) @desktop`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      ...width.options,
      baseURL: own.server.url,
      storageState: own.studio.stateFile,
    });
    const page = await context.newPage();
    const press = (target: Locator) => (width.options.hasTouch ? target.tap() : target.click());

    await page.goto(`/admin/editions?q=${encodeURIComponent(work.title)}`);
    const row = page.getByRole("row").filter({ hasText: work.title });
    await expect(row).toContainText("Not set");
    await shoot(page, `overview-${width.name}`);
    if (index === 0) await expectNoSeriousA11yViolations(page);
    await press(row.getByRole("link", { name: work.title }));
    await expect(page.getByRole("heading", { name: work.title, level: 1 })).toBeVisible();

    const edition = page.getByRole("form", { name: "The edition" });
    await press(edition.getByLabel("An edition of numbered prints"));
    await edition.getByLabel("Prints in the edition").fill("8");
    await press(edition.getByRole("button", { name: "Save Edition" }));
    await expect(page.getByRole("status")).toHaveText("The edition is saved.");
    await expect(page.getByTestId("edition-line")).toHaveText("Edition of 8 · 8 available");

    await press(
      page
        .getByRole("navigation", { name: "Admin" })
        .getByRole("link", { name: /Enquiries/ })
        .first(),
    );
    await press(page.getByRole("link", { name: new RegExp(work.collector) }).first());
    const hold = page.getByRole("form", { name: "Hold a print for this collector" });
    await hold.getByLabel("Print").selectOption({ label: "2/8" });
    await press(hold.getByRole("button", { name: "Hold Print" }));
    await expect(page.getByRole("status").filter({ hasText: "is on hold" })).toContainText(
      `Print 2/8 is on hold for ${work.collector} until`,
    );
    await expect(page.getByRole("region", { name: "Hold a print for this collector" })).toContainText(
      "Held from this enquiry: 2/8 until",
    );
    await shoot(page, `enquiry-hold-${width.name}`, true);
    await press(page.getByRole("link", { name: "Open the edition ledger" }));

    const prints = page.getByRole("table", { name: "Prints of the edition" });
    await expect(prints.getByRole("row", { name: /^2\/8/ })).toContainText(`On hold for ${work.collector} until`);
    await press(prints.getByRole("link", { name: "Manage 3/8" }));
    const sale = page.getByRole("form", { name: "Sell 3/8" });
    await sale.getByLabel("Collector's name", { exact: true }).fill("Charles Babbage");
    await sale.getByLabel("Collector's email", { exact: true }).fill("charles@example.org");
    await sale.getByLabel("Price", { exact: true }).fill("1,200");
    await sale.getByLabel("Invoice reference").fill("INV-3");
    await press(sale.getByRole("button", { name: "Record Sale of 3/8" }));
    await expect(page.getByRole("status")).toHaveText(
      "The sale is recorded, and its certificate issued and sent to the collector.",
    );
    await expect(page.getByTestId("edition-line")).toHaveText("Edition of 8 · 6 available · 1 on hold · 1 sold");
    await expect(prints.getByRole("row", { name: /^3\/8/ })).toContainText("Sold to Charles Babbage on");
    const soldPanel = page.getByRole("region", { name: /3\/8 · Sold/ });
    await expect(soldPanel).toContainText("INV-3");
    // The sale issued its certificate: listed as valid, with its verify page and downloads.
    await expect(soldPanel.getByRole("listitem")).toContainText(/^Valid · issued \d{4}-\d{2}-\d{2} to Charles Babbage/);
    await expect(soldPanel.getByRole("link", { name: "Verify page" })).toHaveAttribute("href", /^\/verify\/[\w-]{22}$/);
    await shoot(page, `ledger-${width.name}`, true);
    if (index === 0) await expectNoSeriousA11yViolations(page);
    await context.close();
  });
}

test("without JavaScript, a refused sale comes back with the ledger's sentence and what was typed @desktop", async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: own.server.url,
    storageState: own.studio.stateFile,
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await page.goto(`/admin/editions/${worksByWidth[0]!.slug}?unit=2`);
  // Print 2 is held for the enquiry's collector: someone else cannot buy it.
  const sale = page.getByRole("form", { name: "Sell 2/8" });
  await sale.getByLabel("Collector's name", { exact: true }).fill("Eve Example");
  await sale.getByLabel("Collector's email", { exact: true }).fill("eve@example.org");
  await sale.getByLabel("Price", { exact: true }).fill("900");
  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  await sale.getByRole("button", { name: "Record Sale of 2/8" }).click();
  expect((await answer).status()).toBe(409);
  await expect(page.getByRole("alert")).toContainText(`Print 2/8 is on hold for ${worksByWidth[0]!.collector} until`);
  await expect(sale.getByLabel("Collector's name", { exact: true })).toHaveValue("Eve Example");
  await expect(page.getByTestId("edition-line")).toHaveText("Edition of 8 · 6 available · 1 on hold · 1 sold");
  await context.close();
});

// A phone's width: the overview and a print's forms fit, with nothing cut off to the side.
test("at 390 the overview and a print's forms fit the width @desktop", async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    baseURL: own.server.url,
    storageState: own.studio.stateFile,
  });
  const page = await context.newPage();
  const sidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await page.goto("/admin/editions");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await sidewaysScroll()).toBeLessThanOrEqual(0);
  await shoot(page, "overview-390");
  await page.goto(`/admin/editions/${worksByWidth[0]!.slug}?unit=2`);
  await expect(page.locator("#manage")).toBeVisible();
  expect(await sidewaysScroll()).toBeLessThanOrEqual(0);
  await shoot(page, "ledger-390");
  await page.locator("#manage").scrollIntoViewIfNeeded();
  await shoot(page, "ledger-390-manage");
  await context.close();
});

async function shoot(page: Page, name: string, fullPage = false) {
  if (shots) await page.screenshot({ path: path.join(shots, `${name.replace(/ /g, "-")}.png`), fullPage });
}
