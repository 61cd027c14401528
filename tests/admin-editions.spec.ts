import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { type Browser, expect as baseExpect, type Locator, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./accessibility.ts";
import { qrCodesIn } from "./support/pdf-qr.ts";
import { editorWidths, ownStudioServer } from "./support/studio-server.ts";

// Issue 40's done-when, at 1280 and at 1024 with touch: a work set as an edition of 8, print 2
// held for a collector from their enquiry in the inbox, print 3 sold; the public page, open all
// along, says "Edition of 8 · 6 available" within 2 s; the sale's certificate is mailed (outbox),
// its PDF's QR code opens its verify page, which says valid; a resale supersedes it, and the old
// verify page says so. Then two browsers sell the last print at once (one sale), and with the
// server stopped `certificate:verify` says the file is valid and a copy with one changed
// character is not. Its own server: the ledger it writes must not reach the pages other specs read.
test.describe.configure({ mode: "serial", timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

// E2E_PORT + 24 (the room specs take + 1 to + 9, the content and studio specs + 10 to + 23).
const own = ownStudioServer(24, "editions");
const shots = process.env.EDITIONS_SCREENSHOTS; // a folder: save screenshots there

// A work of its own per width, each asked about by its own collector.
const worksByWidth = [
  {
    slug: "mapacho-dawn",
    title: "Mapacho Dawn",
    collector: "Grace Hopper",
    email: "grace@example.org",
    buyer: "charles@example.org",
  },
  {
    slug: "lullaby-for-the-boa",
    title: "Lullaby for the Boa",
    collector: "Ada Lovelace",
    email: "ada@example.org",
    buyer: "charles.b@example.org",
  },
];
/** The certificates the resales issued (the current ones), for the check with the server stopped. */
const current: { id: string; jws: string }[] = [];

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
    const { context, page, press } = await signedInStudio(browser, width);

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
    // A visitor has the work's public page open, before the sale.
    const visitor = await browser.newContext({ ...width.options, baseURL: own.server.url });
    const publicPage = await visitor.newPage();
    await publicPage.goto(`/art/${work.slug}`);
    await expect(publicPage.getByText("Edition of 8 · 7 available")).toBeVisible();

    await press(prints.getByRole("link", { name: "Manage 3/8" }));
    const sale = page.getByRole("form", { name: "Sell 3/8" });
    await sale.getByLabel("Collector's name", { exact: true }).fill("Charles Babbage");
    await sale.getByLabel("Collector's email", { exact: true }).fill(work.buyer);
    await sale.getByLabel("Price", { exact: true }).fill("1,200");
    await sale.getByLabel("Invoice reference").fill("INV-3");
    await press(sale.getByLabel("The collector may be named in the public provenance"));
    await press(sale.getByRole("button", { name: "Record Sale of 3/8" }));
    await expect(page.getByRole("status")).toHaveText(
      "The sale is recorded, and its certificate issued and sent to the collector.",
    );
    // The open public page follows within 2 s, with no reload.
    const recorded = Date.now();
    await expect(publicPage.getByText("Edition of 8 · 6 available")).toBeVisible({ timeout: 2_000 });
    expect(Date.now() - recorded).toBeLessThan(2_000);
    await expect(page.getByTestId("edition-line")).toHaveText("Edition of 8 · 6 available · 1 on hold · 1 sold");
    await expect(prints.getByRole("row", { name: /^3\/8/ })).toContainText("Sold to Charles Babbage on");
    const soldPanel = page.getByRole("region", { name: /3\/8 · Sold/ });
    await expect(soldPanel).toContainText("INV-3");
    // The sale issued its certificate: listed as valid, with its verify page and downloads.
    await expect(soldPanel.getByRole("listitem")).toContainText(/^Valid · issued \d{4}-\d{2}-\d{2} to Charles Babbage/);
    await expect(soldPanel.getByRole("link", { name: "Verify page" })).toHaveAttribute("href", /^\/verify\/[\w-]{22}$/);
    await shoot(page, `ledger-${width.name}`, true);
    if (index === 0) await expectNoSeriousA11yViolations(page);

    // The collector's mail is in the outbox with the PDF and the signed file; the PDF's QR code,
    // read as a phone reads it, opens the verify page, which says valid.
    const mail = await outboxMailTo(work.buyer);
    expect(mail.subject).toContain(work.title);
    const pdf = attachment(mail, "application/pdf");
    const [address] = await qrCodesIn(pdf);
    const verifyLink = await soldPanel.getByRole("link", { name: "Verify page" }).getAttribute("href");
    expect(address).toBe(`${own.server.url}${verifyLink}`);
    await publicPage.goto(address as string);
    await expect(publicPage.getByRole("heading", { level: 1 })).toHaveText(`${work.title}, 3/8`);
    await expect(publicPage.locator("[data-standing='valid']")).toContainText("Valid");
    expect(attachment(mail, "application/vc+jwt").toString("utf8").trim()).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    // A resale: the new owner gets a new certificate, and the old verify page says it was superseded.
    const resale = page.getByRole("form", { name: "Resale of 3/8" });
    await resale.getByLabel("New owner's name", { exact: true }).fill("Dora Maar");
    await press(resale.getByRole("button", { name: "Record Resale" }));
    await expect(page.getByRole("status")).toHaveText(
      "The new owner is recorded, with a new certificate that supersedes the last.",
    );
    const newest = soldPanel.getByRole("listitem").filter({ hasText: /^Valid/ });
    await expect(newest).toContainText("to Dora Maar");
    const newId = (await newest.getByRole("link", { name: "Verify page" }).getAttribute("href"))?.split("/").pop();
    const jwt = await context.request.get(`/admin/certificates/${newId}.jwt`);
    expect(jwt.status()).toBe(200);
    current.push({ id: newId as string, jws: (await jwt.text()).trim() });
    await publicPage.reload();
    await expect(publicPage.locator("[data-standing='superseded']")).toContainText("Superseded on");
    await press(publicPage.getByRole("link", { name: "See the current certificate" }));
    await expect(publicPage.locator("[data-standing='valid']")).toContainText("Valid");
    await shoot(publicPage, `verify-superseded-${width.name}`, true);

    // The public provenance: the first collector agreed to be named; the new owner did not.
    await publicPage.goto(`/art/${work.slug}`);
    const provenance = publicPage.getByRole("region", { name: "Provenance" }).getByTestId("ledger-provenance");
    await expect(provenance).toContainText("Print 3/8");
    await expect(provenance).toContainText(/Acquired from the artist by Charles Babbage, \w+ \d{4}/);
    await expect(provenance).toContainText(/Private collection, \w+ \d{4}/);
    await expect(provenance).not.toContainText("Dora Maar");
    // The label's edition is the ledger's (the description says "1 of 1"), and its live line says
    // what is available, not the description's "Availability".
    await expect(publicPage.locator("dt:text-is('Edition') + dd")).toHaveText("Edition of 8");
    await expect(publicPage.locator("dt:text-is('Availability')")).toHaveCount(0);
    await provenance.scrollIntoViewIfNeeded();
    await shoot(publicPage, `provenance-${width.name}`);
    await visitor.close();
    await context.close();
  });
}

test("two browsers selling the last print at once leave exactly one sale @desktop", async ({ browser }) => {
  const slug = "a-door-in-the-canopy";
  const sellers = await Promise.all(
    editorWidths.map(async (width, index) => {
      const { context, page, press } = await signedInStudio(browser, width);
      if (index === 0) {
        await page.goto(`/admin/editions/${slug}`);
        const edition = page.getByRole("form", { name: "The edition" });
        await press(edition.getByLabel("Unique (one of one)"));
        await press(edition.getByRole("button", { name: "Save Edition" }));
        await expect(page.getByTestId("edition-line")).toHaveText("Unique · available");
      }
      return { context, page, press, buyer: `Buyer ${index + 1}` };
    }),
  );
  for (const { page, buyer } of sellers) {
    await page.goto(`/admin/editions/${slug}?unit=1`);
    const sale = page.getByRole("form", { name: "Sell 1/1" });
    await sale.getByLabel("Collector's name", { exact: true }).fill(buyer);
    await sale.getByLabel("Collector's email", { exact: true }).fill(`${buyer.replace(" ", ".")}@example.org`);
    await sale.getByLabel("Price", { exact: true }).fill("5,000");
  }
  // Both press at once: the ledger's lock lets one through; the other is told why.
  const answers = await Promise.all(
    sellers.map(async ({ page, press }) => {
      const answer = page.waitForResponse((response) => response.request().method() === "POST");
      await press(page.getByRole("form", { name: "Sell 1/1" }).getByRole("button", { name: "Record Sale of 1/1" }));
      return (await answer).status();
    }),
  );
  expect(answers.filter((status) => status < 400)).toHaveLength(1);
  expect(answers.filter((status) => status === 409)).toHaveLength(1);
  const refused = sellers[answers.indexOf(409)]!.page;
  await expect(refused.getByRole("alert")).toContainText("is already sold");
  const ledger = await sellers[0]!.context.request.get("/admin/editions/export.csv");
  // The print is the winner's, and the other buyer is nowhere in the ledger.
  const winner = sellers[answers.findIndex((status) => status < 400)]!.buyer;
  const loser = sellers[answers.indexOf(409)]!.buyer;
  const rows = (await ledger.text()).split("\n").filter((line) => line.includes(slug));
  expect(rows).toHaveLength(1);
  expect(rows[0]).toContain(`,${winner},`);
  expect(rows[0]).not.toContain(loser);
  for (const { context } of sellers) await context.close();
});

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

// Last: the studio's machine with the server stopped. The command checks the signed file
// against the studio's keys in the data folder, with no database and no network.
test("with the server stopped, certificate:verify says the file is valid and a changed copy is not @desktop", async () => {
  expect(current).toHaveLength(editorWidths.length);
  own.server.child.kill("SIGTERM");
  await own.server.exited;
  const folder = own.tempDir();
  const [certificate] = current as [{ id: string; jws: string }];
  const file = path.join(folder, `${certificate.id}.vc.jwt`);
  fs.writeFileSync(file, `${certificate.jws}\n`);
  const valid = await verifyCommand(file);
  expect(valid.code).toBe(0);
  expect(valid.stdout).toContain("VALID: signed by one of the studio's keys");
  expect(valid.stdout).toContain("Dora Maar");
  // One character of the signed facts changed.
  const at = certificate.jws.indexOf(".") + 40;
  const changed = `${certificate.jws.slice(0, at)}${certificate.jws[at] === "A" ? "B" : "A"}${certificate.jws.slice(at + 1)}`;
  const copy = path.join(folder, "changed.vc.jwt");
  fs.writeFileSync(copy, `${changed}\n`);
  const invalid = await verifyCommand(copy);
  expect(invalid.code).toBe(1);
  expect(invalid.stdout).toMatch(/^INVALID: /);
});

/** `npm run certificate:verify -- FILE` against the stopped server's data folder. */
async function verifyCommand(file: string): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "scripts/certificate-verify.ts", file],
      { env: { ...process.env, DATA_DIR: own.dataDir } },
    );
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? "" };
  }
}

/** The signed-in studio at one of the editor's widths, pressing as that device does (a tap on touch). */
async function signedInStudio(browser: Browser, width: (typeof editorWidths)[number]) {
  const context = await browser.newContext({
    ...width.options,
    baseURL: own.server.url,
    storageState: own.studio.stateFile,
  });
  const page = await context.newPage();
  const press = (target: Locator) => (width.options.hasTouch ? target.tap() : target.click());
  return { context, page, press };
}

interface OutboxMail {
  to: string;
  subject: string;
  attachments?: { filename: string; contentType: string; contentBase64: string }[];
}

/** The message to `address` in the server's outbox, once the sender has written it. */
async function outboxMailTo(address: string): Promise<OutboxMail> {
  const outbox = path.join(own.dataDir, "outbox");
  let found: OutboxMail | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((name) => name.endsWith(".json")) : [];
        found = files
          .map((name) => JSON.parse(fs.readFileSync(path.join(outbox, name), "utf8")) as OutboxMail)
          .find((mail) => mail.to === address);
        return found !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found as OutboxMail;
}

function attachment(mail: OutboxMail, contentType: string): Buffer {
  const file = mail.attachments?.find((candidate) => candidate.contentType === contentType);
  expect(file, `a ${contentType} attachment`).toBeDefined();
  return Buffer.from(file?.contentBase64 ?? "", "base64");
}

async function shoot(page: Page, name: string, fullPage = false) {
  if (shots) await page.screenshot({ path: path.join(shots, `${name.replace(/ /g, "-")}.png`), fullPage });
}
