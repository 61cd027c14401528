import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import pg from "pg";
import { expectNoSeriousA11yViolations } from "./accessibility.ts";
import { createPostgresDatabase, type ServerProcess, startServer } from "./support/server-process.ts";
import { studioNav } from "./support/studio-nav.ts";
import { enrolStudio, enterCode, signInWithPassword } from "./support/studio-sign-in.ts";
import { tapTargetsUnder44 } from "./support/tap-targets.ts";

// Issue 21, the studio's side: the enquiry inbox on its own server and PostgreSQL database (the
// test writes enquiries into the database, as the public form would, and watches them arrive).
// One admin per project enrols an authenticator and signs in once; the tests run in order.
// Timing-bound (a new enquiry must reach the open inbox within 2 s, across processes): one retry.
test.describe.configure({ mode: "serial", timeout: 180_000, retries: 1 });

const baseDatabaseUrl = process.env.TEST_DATABASE_URL;
const shots = process.env.ENQUIRY_SCREENSHOTS; // a folder: save screenshots there

let database: { url: string; drop: () => Promise<void> } | undefined;
let server: ServerProcess | undefined;
let secret = "";
let stateFile = "";
const dataDirs: string[] = [];

const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-inbox-e2e-"));
  dataDirs.push(dir);
  return dir;
};

let pool: pg.Pool | undefined;
async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  pool ??= new pg.Pool({ connectionString: database!.url, max: 2 });
  return (await pool.query(text, values)).rows as T[];
}

interface Seed {
  name: string;
  email: string;
  message: string;
  subject?: string;
  subjectRef?: string | null;
  subjectTitle?: string;
  status?: string;
  read?: boolean;
  minutesAgo?: number;
  interests?: string[];
  location?: string | null;
  phone?: string | null;
}

/** Writes enquiries as the public form does: each with the studio's mail record carrying its text. */
async function insertEnquiries(rows: Seed[]): Promise<number[]> {
  const ids: number[] = [];
  for (const row of rows) {
    const [mail] = await sql<{ id: number }>(
      "insert into outgoing_mail (to_address, subject, body, status, sent_at) values ('studio@umbra.test', $1, $2, 'sent', now()) returning id",
      [`Enquiry: ${row.subjectTitle ?? "General enquiry"}`, `${row.name} <${row.email}> wrote:\n${row.message}`],
    );
    const [enquiry] = await sql<{ id: number }>(
      `insert into enquiries (subject, subject_ref, subject_title, interests, name, email, email_key, message, location,
         phone, source_path, status, read_at, mail_id, created_at)
       values ($1, $2, $3, $4, $5, $6, lower($6), $7, $8, $9, $10, $11, $12, $13, now() - make_interval(mins => $14))
       returning id`,
      [
        row.subject ?? "other",
        row.subjectRef ?? null,
        row.subjectTitle ?? "General enquiry",
        row.interests ?? [],
        row.name,
        row.email,
        row.message,
        row.location ?? null,
        row.phone ?? null,
        row.subjectRef ? `/art/${row.subjectRef}` : "/contact",
        row.status ?? "new",
        row.read ? new Date() : null,
        mail!.id,
        row.minutesAgo ?? 0,
      ],
    );
    ids.push(enquiry!.id);
  }
  return ids;
}

const firstNames = ["Ada", "Bruno", "Chiara", "Dmitri", "Esme", "Farid", "Greta", "Hiro", "Imani", "Jonas"];
const subjects = [
  { subject: "work", subjectRef: "the-trinket-maker", subjectTitle: "The Trinket Maker" },
  { subject: "prints", subjectTitle: "Limited edition prints" },
  { subject: "original", subjectTitle: "Original paintings" },
  { subject: "commission", subjectTitle: "Custom commission" },
  { subject: "press", subjectTitle: "Press" },
];
const statuses = ["new", "new", "replied", "closed", "spam", "new"];

function seedRows(count: number): Seed[] {
  return Array.from({ length: count }, (_, index) => ({
    name: `${firstNames[index % firstNames.length]} ${["Moreau", "Okafor", "Lindqvist", "Tanaka"][index % 4]}`,
    email: `collector${index}@example.test`,
    message: `Hello, I saw the work at the Sydney show and would love to know more.\nIs it still available? (${index})`,
    ...subjects[index % subjects.length],
    status: statuses[index % statuses.length],
    read: index % 3 === 0,
    minutesAgo: 60 + index * 37,
    interests: index % 2 ? ["price-availability", "private-viewing"] : [],
    location: index % 2 ? "Melbourne, Australia" : null,
    phone: index % 4 === 1 ? "+61 400 000 000" : null,
  }));
}

test.skip(!baseDatabaseUrl, "needs TEST_DATABASE_URL (the test writes enquiries into the server's database)");

test.beforeAll(async () => {
  test.setTimeout(120_000);
  database = await createPostgresDatabase(baseDatabaseUrl!);
  server = await startServer({ DATABASE_URL: database.url, DATA_DIR: tempDir() });
  await insertEnquiries(seedRows(30));
  stateFile = path.join(tempDir(), "state.json");
  ({ secret } = await enrolStudio(server.url, { path: "/admin/enquiries", heading: "Enquiries" }, stateFile));
});

test.afterAll(async () => {
  // Stopping a server and dropping its PostgreSQL database outlast 30 s on a busy machine.
  test.setTimeout(90_000);
  await pool?.end();
  server?.child.kill("SIGTERM");
  await server?.exited;
  await database?.drop();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

test.use({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use) => use(server?.url),
  // biome-ignore lint/correctness/noEmptyPattern: as above
  storageState: async ({}, use) => use(stateFile || undefined),
});

async function shoot(page: Page, name: string) {
  if (!shots) return;
  fs.mkdirSync(shots, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
}

test("signed out, cross-origin and unknown requests are refused with 4xx, never 5xx @desktop", async ({
  playwright,
}) => {
  const anonymous = await playwright.request.newContext({
    baseURL: server!.url,
    storageState: { cookies: [], origins: [] },
  });
  const origin = { Origin: server!.url };
  for (const url of [
    "/admin/enquiries",
    "/admin/enquiries/1",
    "/admin/enquiries/forget?email=a@b.test",
    "/admin/enquiries/export",
    "/api/admin/enquiries/events",
  ]) {
    const response = await anonymous.get(url, { maxRedirects: 0 });
    expect(response.status(), url).toBe(401);
    expect(response.headers()["cache-control"], url).toContain("no-store");
    expect(await response.text(), url).not.toContain("collector");
  }
  const status = await anonymous.post("/admin/enquiries/1", {
    headers: origin,
    form: { intent: "status", status: "spam" },
  });
  expect(status.status()).toBe(401);
  const forget = await anonymous.post("/admin/enquiries/forget", {
    headers: origin,
    form: { intent: "forget", email: "collector1@example.test" },
  });
  expect(forget.status()).toBe(401);
  const crossOrigin = await anonymous.post("/admin/enquiries/1", {
    headers: { Origin: "https://evil.example" },
    form: { intent: "delete" },
  });
  expect(crossOrigin.status()).toBe(403);
  expect((await sql("select count(*)::int as n from enquiries"))[0]).toEqual({ n: 30 });
  await anonymous.dispose();
});

test("the inbox lists newest first with unread in bold, counts, filters and searches", async ({ page }) => {
  const response = await page.goto("/admin/enquiries");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["cache-control"]).toContain("no-store");
  const nav = await studioNav(page);
  await expect(nav.getByRole("link", { name: /Enquiries/ })).toHaveAttribute("aria-current", "page");
  const [counted] = await sql<{ unread: number }>(
    "select count(*)::int as unread from enquiries where read_at is null and status <> 'spam'",
  );
  await expect(nav.getByRole("link", { name: /Enquiries/ })).toContainText(String(counted!.unread));
  const list = page.getByRole("list", { name: "Enquiries, newest first" });
  await expect(list.getByRole("listitem")).toHaveCount(25); // 30 less the 5 spam
  await expect(list.getByRole("listitem").first()).toContainText("Ada Moreau");
  // Unread in bold (the second seeded enquiry), read in the normal weight (the first).
  await shoot(page, "inbox");
  const weightOf = (name: string) =>
    list
      .getByRole("listitem")
      .filter({ hasText: name })
      .first()
      .evaluate((item, text) => {
        const who = [...item.querySelectorAll("span")].find((span) => span.textContent?.endsWith(text));
        return who ? Number(getComputedStyle(who).fontWeight) : 0;
      }, name);
  expect(await weightOf("Bruno Okafor")).toBeGreaterThanOrEqual(700);
  expect(await weightOf("Ada Moreau")).toBeLessThan(700);
  const tabs = page.getByRole("navigation", { name: "Enquiry status" });
  await expect(tabs.getByRole("link", { name: /Spam/ })).toContainText("5");
  await expectNoSeriousA11yViolations(page);
  expect(await tapTargetsUnder44(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  await shoot(page, "inbox");

  await tabs.getByRole("link", { name: /Spam/ }).click();
  await expect(page).toHaveURL(/status=spam/);
  await expect(list.getByRole("listitem")).toHaveCount(5);
  await page.getByLabel("Subject").selectOption("commission");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/subject=commission/);
  await expect(list.getByRole("listitem").first()).toContainText("Custom commission");
  await page.goto("/admin/enquiries");
  await page.getByLabel("Search name, email or text").fill("collector7@");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await page.getByLabel("Search name, email or text").fill("100%_nothing");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("No enquiry matches this filter.")).toBeVisible();
});

test("an enquiry opens with everything sent, escaped, is marked read, replied and noted", async ({ page }) => {
  const [id] = await insertEnquiries([
    {
      name: "Zoë <script>alert(1)</script>",
      email: "zoe+art@example.test",
      message: 'First line & more\nSecond line\n=HYPERLINK("http://evil")',
      subject: "work",
      subjectRef: "the-trinket-maker",
      subjectTitle: "The Trinket Maker",
      interests: ["price-availability", "condition-provenance"],
      location: "Hobart, Tasmania",
      phone: "+61 3 0000 0000",
    },
  ]);
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`/admin/enquiries/${id}`);
  await expect(page.getByRole("heading", { name: "The Trinket Maker", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "The Trinket Maker" })).toHaveAttribute("href", "/art/the-trinket-maker");
  await expect(page.getByText("Zoë <script>alert(1)</script>").first()).toBeVisible();
  await expect(page.getByText("Price and availability")).toBeVisible();
  await expect(page.getByText("Condition and provenance")).toBeVisible();
  await expect(page.getByText("Hobart, Tasmania")).toBeVisible();
  await expect(page.getByText("+61 3 0000 0000")).toBeVisible();
  await expect(page.getByText(/^Delivered/)).toBeVisible();
  // Line breaks kept.
  const message = page.locator("p", { hasText: "First line & more" });
  // biome-ignore lint/performance/useDomNodeTextContent: the line breaks shown are what is asserted; textContent has none
  expect((await message.innerText()).split("\n")).toHaveLength(3);
  const mailto = await page.getByRole("link", { name: "Reply by Email" }).getAttribute("href");
  expect(mailto).toMatch(/^mailto:zoe%2Bart@example\.test\?subject=Re%3A%20The%20Trinket%20Maker&body=/);
  expect(decodeURIComponent(mailto!.split("body=")[1]!)).toContain("> Second line");
  expect(mailto).not.toMatch(/[\n<>]/);
  const [row] = await sql<{ read_at: Date | null }>("select read_at from enquiries where id = $1", [id]);
  expect(row!.read_at).not.toBeNull();
  await expectNoSeriousA11yViolations(page);
  expect(await tapTargetsUnder44(page)).toEqual([]);
  await shoot(page, "detail");

  await page.getByRole("button", { name: "Replied" }).click();
  await expect(page.getByRole("button", { name: "Replied" })).toHaveAttribute("aria-pressed", "true");
  await expect
    .poll(async () => (await sql("select status from enquiries where id = $1", [id]))[0])
    .toEqual({
      status: "replied",
    });
  const notes = page.getByLabel("Only the studio sees these");
  await notes.fill("Sent the price list. Follow up in May.");
  await expect(page.getByRole("status").filter({ hasText: "Unsaved changes" })).toBeVisible();
  await page.getByRole("button", { name: "Save Notes" }).click();
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Only the studio sees these")).toHaveValue("Sent the price list. Follow up in May.");
  expect(dialogs).toEqual([]);
});

test("a new enquiry appears in an open inbox without reload, and the navigation's count changes", async ({ page }) => {
  const streamOpened = page.waitForResponse((response) => response.url().endsWith("/api/admin/enquiries/events"));
  await page.goto("/admin/enquiries");
  await streamOpened;
  const nav = (await studioNav(page)).getByRole("link", { name: /Enquiries/ });
  const before = Number(((await nav.textContent()) ?? "").replace(/\D+/g, ""));
  const marker = `Live arrival ${Date.now()}`;
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  const started = Date.now();
  await insertEnquiries([{ name: marker, email: "live@example.test", message: "Just arrived" }]);
  await expect(page.getByRole("list", { name: "Enquiries, newest first" }).getByRole("listitem").first()).toContainText(
    marker,
    { timeout: 3_000 },
  );
  const took = Date.now() - started;
  test.info().annotations.push({ type: "live arrival (ms)", description: String(took) });
  await expect(nav).toContainText(String(before + 1));
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  // A change on the database (another process, another admin) is seen too: marked read there.
  await sql("update enquiries set read_at = now() where name = $1", [marker]);
  await expect(nav).toContainText(String(before));
});

test("a change made through a second process reaches the inbox open on the first (PostgreSQL) @desktop", async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one second process is enough");
  const second = await startServer({ DATABASE_URL: database!.url, DATA_DIR: tempDir() });
  try {
    const streamOpened = page.waitForResponse((response) => response.url().endsWith("/api/admin/enquiries/events"));
    await page.goto("/admin/enquiries");
    await streamOpened;
    const [id] = await insertEnquiries([{ name: "Cross Process", email: "cross@example.test", message: "via two" }]);
    await expect(page.getByText("Cross Process")).toBeVisible({ timeout: 3_000 });
    // The same session (one database) deletes it through the second process.
    const other = await browser.newContext({ baseURL: second.url, storageState: stateFile });
    const otherPage = await other.newPage();
    await otherPage.goto(`/admin/enquiries/${id}`);
    otherPage.on("dialog", (dialog) => void dialog.accept());
    await otherPage.getByRole("button", { name: "Delete Enquiry" }).click();
    await expect(otherPage).toHaveURL(/deleted=1/);
    await expect(page.getByText("Cross Process")).toHaveCount(0, { timeout: 3_000 });
    await other.close();
  } finally {
    second.child.kill("SIGTERM");
    await second.exited;
  }
});

test("bad input and forged ids are refused with a sentence, never 5xx @desktop", async ({ page }) => {
  const request = page.request;
  const origin = { Origin: server!.url };
  const [id] = await insertEnquiries([{ name: "Target", email: "target@example.test", message: "x" }]);
  const cases: Array<[string, Promise<import("@playwright/test").APIResponse>, number]> = [
    ["unknown id", request.get("/admin/enquiries/999999"), 404],
    ["not a number", request.get("/admin/enquiries/abc"), 400],
    ["huge number", request.get("/admin/enquiries/99999999999999"), 400],
    ["bad status filter", request.get("/admin/enquiries?status=archived"), 400],
    ["bad subject filter", request.get("/admin/enquiries?subject=%3Cx%3E"), 400],
    ["forged cursor", request.get("/admin/enquiries?after=1.2.3"), 400],
    ["long search", request.get(`/admin/enquiries?q=${"a".repeat(500)}`), 400],
    [
      "bad status",
      request.post(`/admin/enquiries/${id}`, { headers: origin, form: { intent: "status", status: "archived" } }),
      400,
    ],
    [
      "huge notes",
      request.post(`/admin/enquiries/${id}`, { headers: origin, form: { intent: "notes", notes: "n".repeat(20_000) } }),
      413,
    ],
    ["unknown intent", request.post(`/admin/enquiries/${id}`, { headers: origin, form: { intent: "publish" } }), 400],
    [
      "forged id",
      request.post("/admin/enquiries/999999", { headers: origin, form: { intent: "status", status: "closed" } }),
      404,
    ],
    ["forged id delete", request.post("/admin/enquiries/999999", { headers: origin, form: { intent: "delete" } }), 404],
    [
      "cross-origin",
      request.post(`/admin/enquiries/${id}`, {
        headers: { Origin: "https://evil.example" },
        form: { intent: "delete" },
      }),
      403,
    ],
    ["bad forget address", request.get("/admin/enquiries/forget?email=not-an-address"), 400],
    ["bad export filter", request.get("/admin/enquiries/export?status=x"), 400],
  ];
  for (const [name, pending, expected] of cases) {
    const response = await pending;
    expect(response.status(), name).toBe(expected);
  }
  const [row] = await sql<{ status: string; notes: string }>("select status, notes from enquiries where id = $1", [id]);
  expect(row).toEqual({ status: "new", notes: "" });
  // A page refusal says what is wrong.
  await page.goto("/admin/enquiries?status=archived");
  await expect(page.getByText(/use new, replied, closed or spam/)).toBeVisible();
});

test("the inbox exports to CSV, formulas disarmed @desktop", async ({ page }) => {
  await insertEnquiries([
    { name: "=cmd|' /C calc'!A0", email: "formula@example.test", message: '@SUM(1+1), "quoted"' },
  ]);
  await page.goto("/admin/enquiries");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export to CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync((await download.path())!, "utf8");
  expect(text.startsWith("\uFEFFid,received,status")).toBe(true);
  expect(text).toContain(`'=cmd|' /C calc'!A0`);
  expect(text).toContain(`"'@SUM(1+1), ""quoted"""`);
  const response = await page.request.get("/admin/enquiries/export?status=spam");
  expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="enquiries-/);
  expect(response.headers()["cache-control"]).toContain("no-store");
  expect((await response.text()).trim().split("\r\n")).toHaveLength(1 + 5);
});

test("forgetting an address says how much will go, then removes its enquiries and their mail @desktop", async ({
  page,
}) => {
  await insertEnquiries([
    { name: "Forget Me", email: "Forget.Me@example.test", message: "one" },
    { name: "Forget Me", email: "forget.me@example.test", message: "two" },
  ]);
  await page.goto("/admin/enquiries?q=forget.me");
  await page
    .getByRole("link", { name: /Forget Me/ })
    .first()
    .click();
  await page.getByRole("link", { name: /Forget everything from/ }).click();
  await expect(page.getByText(/This will delete 2 enquiries and 2 mail records from/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "forget");
  await page.getByRole("button", { name: "Delete Everything from This Address" }).click();
  await expect(page.getByText(/Deleted 2 enquiries and 2 mail records from/)).toBeVisible();
  expect(await sql("select id from enquiries where email_key = 'forget.me@example.test'")).toEqual([]);
  expect(await sql("select id from outgoing_mail where body ilike '%forget.me@example.test%'")).toEqual([]);
});

test("a link from the studio's mail opens its enquiry after sign-in @desktop", async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one sign-in is enough (codes work once)");
  const [id] = await insertEnquiries([{ name: "From The Mail", email: "mail-link@example.test", message: "hi" }]);
  const context = await browser.newContext({ baseURL: server!.url, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const response = await page.goto(`/admin/enquiries/${id}`);
  expect(response?.status()).toBe(401);
  await expect(page.getByText("From The Mail")).toHaveCount(0);
  await signInWithPassword(page, `/admin/enquiries/${id}`);
  await enterCode(page, secret);
  await expect(page).toHaveURL(new RegExp(`/admin/enquiries/${id}$`));
  await expect(page.getByText("From The Mail").first()).toBeVisible();
  await context.close();
});

test.describe("at 1024 px with touch", { tag: "@desktop" }, () => {
  test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  test("the inbox and an enquiry fit, with 44 px targets", async ({ page }) => {
    await page.goto("/admin/enquiries");
    await expect(page.getByRole("list", { name: "Enquiries, newest first" })).toBeVisible();
    expect(await tapTargetsUnder44(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    await shoot(page, "inbox");
    await page.getByRole("list", { name: "Enquiries, newest first" }).getByRole("link").first().tap();
    await expect(page.getByRole("button", { name: "Save Notes" })).toBeVisible();
    expect(await tapTargetsUnder44(page)).toEqual([]);
    await expectNoSeriousA11yViolations(page);
    await shoot(page, "detail");
  });
});
