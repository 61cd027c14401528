import path from "node:path";
import { type BrowserContextOptions, expect as baseExpect, type Locator, type Page, test } from "@playwright/test";
import { type Database, openDatabase } from "#app/db/database.server.ts";
import { SubscriptionService } from "#app/subscriptions/subscription-service.server.ts";
import { expectNoSeriousA11yViolations } from "./accessibility.ts";
import { createPostgresDatabase } from "./support/server-process.ts";
import { editorWidths, ownStudioServer } from "./support/studio-server.ts";
import { subscribeThroughService } from "./support/test-subscribers.server.ts";

// Issue 41, the studio's Subscribers screen: visitors subscribed through the service (as the
// public forms will), the studio sees the counts, opens a work's topic and forgets an address.
// Its own server on its own PostgreSQL database: the spec subscribes people into it.
test.describe.configure({ mode: "serial", timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });
test.skip(
  !process.env.TEST_DATABASE_URL,
  "needs TEST_DATABASE_URL (the spec subscribes people in the server's database)",
);

let database: { url: string; drop: () => Promise<void> } | undefined;
let listDb: Database | undefined;
// E2E_PORT + 35 (the editions spec takes + 24; + 36 and + 37 are this screen's too).
const own = ownStudioServer(35, "subscribers", async () => {
  database = await createPostgresDatabase(process.env.TEST_DATABASE_URL as string);
  return { DATABASE_URL: database.url };
});
const shots = process.env.SUBSCRIBER_SCREENSHOTS; // a folder: save screenshots there

// A work and an address to forget per width.
const byWidth = [
  { work: "mapacho-dawn", title: "Mapacho Dawn", forget: "leaving-1280@example.org" },
  { work: "lullaby-for-the-boa", title: "Lullaby for the Boa", forget: "leaving-1024@example.org" },
];

test.beforeAll(async () => {
  listDb = await openDatabase({ dataDir: "unused", databaseUrl: database?.url });
  const service = new SubscriptionService(listDb);
  const subscribe = (address: string, topics: string[], confirm = true) =>
    subscribeThroughService(service, listDb!.db, address, topics, { confirm });
  await subscribe("ada@example.org", ["icaro-prints", "new-work"]);
  await subscribe("grace@example.org", ["icaro-prints"]);
  await subscribe("waiting@example.org", ["new-work"], false);
  for (const { forget } of byWidth) await subscribe(forget, ["new-work"]);
});

test.afterAll(async () => {
  // Stopping a server and dropping its PostgreSQL database outlast 30 s on a busy machine.
  test.setTimeout(90_000);
  await listDb?.close();
  await database?.drop();
});

async function openStudio(browser: import("@playwright/test").Browser, options: BrowserContextOptions) {
  const context = await browser.newContext({ ...options, baseURL: own.server.url, storageState: own.studio.stateFile });
  return { context, page: await context.newPage() };
}

for (const [index, width] of editorWidths.entries()) {
  const mine = byWidth[index]!;
  test(`the counts, a work's topic opened, an address forgotten (${width.name}) @desktop`, async ({ browser }) => {
    const { context, page } = await openStudio(browser, width.options);
    const press = (target: Locator) => (width.options.hasTouch ? target.tap() : target.click());
    await page.goto("/admin/subscribers");
    await expect(page.getByRole("heading", { name: "Subscribers", level: 1 })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link", { name: "Subscribers" }).first()).toHaveAttribute("aria-current", "page");

    const topics = page.getByRole("table", { name: "Topics and their subscribers" });
    await expect(topics.getByRole("row", { name: /^Icaro prints/ })).toContainText(
      /Icaro prints\s*Standing\s*2\s*0\s*Open/,
    );
    await expect(topics.getByRole("row", { name: /^New work and exhibitions/ })).toContainText(
      /Standing\s*\d\s*1\s*Open/,
    );
    await expect(page.getByTestId("activity-summary")).toContainText(/\d+ joins and \d+ leaves? from \d{4}-/);
    await expect(page.getByRole("img", { name: /joins and/ })).toBeVisible();
    await shoot(page, `overview-${width.name}`);
    if (index === 0) await expectNoSeriousA11yViolations(page);

    // A print of this work may come back: visitors of its page may ask to be told.
    const open = page.getByRole("form", { name: "Open a topic for a series or a work" });
    await open.getByLabel("Series or work").selectOption(`work:${mine.work}`);
    await press(open.getByRole("button", { name: "Open Topic" }));
    await expect(page.getByRole("status")).toHaveText("The topic is open: visitors are offered it now.");
    const label = `Notify me when a print of ${mine.title} is available`;
    await expect(topics.getByRole("row", { name: new RegExp(`^${label}`) })).toContainText(/Work\s*0\s*0\s*Open/);

    // Forget one address: found by search, confirmed on its own page, gone from the list.
    const search = page.getByRole("search", { name: "Subscribers" });
    await search.getByLabel("Search by address").fill(mine.forget.slice(0, 12));
    await press(search.getByRole("button", { name: "Search" }));
    const people = page.getByRole("table", { name: "Subscribers, newest first" });
    await expect(people.getByRole("row")).toHaveCount(2);
    await expect(people.getByRole("row", { name: new RegExp(mine.forget) })).toContainText("New work and exhibitions");
    await press(people.getByRole("link", { name: `Forget ${mine.forget}` }));
    await expect(page.getByRole("heading", { name: "Forget a Subscriber", level: 1 })).toBeVisible();
    await expect(page.getByText(`${mine.forget} is on the list (confirmed, 1 topic)`)).toBeVisible();
    await shoot(page, `forget-${width.name}`);
    await press(page.getByRole("button", { name: "Forget This Address" }));
    await expect(page.getByRole("status")).toContainText(`Everything stored about ${mine.forget} is deleted.`);
    await press(page.getByRole("link", { name: "Back to Subscribers" }));
    await page.getByRole("search", { name: "Subscribers" }).getByLabel("Search by address").fill(mine.forget);
    await press(page.getByRole("search", { name: "Subscribers" }).getByRole("button", { name: "Search" }));
    await expect(page.getByText("No subscriber matches.")).toBeVisible();
    await context.close();
  });
}

// A phone's width: the screen fits, with nothing cut off to the side.
test("at 390 the Subscribers screen fits the width @desktop", async ({ browser }) => {
  const { context, page } = await openStudio(browser, { viewport: { width: 390, height: 844 }, hasTouch: true });
  const sidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await page.goto("/admin/subscribers");
  await expect(page.getByRole("heading", { name: "Subscribers", level: 1 })).toBeVisible();
  await expect(page.getByRole("table", { name: "Subscribers, newest first" })).toContainText("ada@example.org");
  // What sticks out, named, should it fail.
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll("main *")]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 5)
      .map((element) => `${element.tagName} ${element.className}`),
  );
  expect(await sidewaysScroll(), wide.join(", ")).toBeLessThanOrEqual(0);
  await shoot(page, "overview-390");
  await context.close();
});

// The narrowest width with the navigation as a row of tabs: the nine screens fit on one line.
test("at 1000 the studio's screens fit on one row of tabs @desktop", async ({ browser }) => {
  const { context, page } = await openStudio(browser, { viewport: { width: 1000, height: 800 } });
  await page.goto("/admin/subscribers");
  const tabs = page.getByRole("navigation", { name: "Admin" }).getByRole("list").first().getByRole("link");
  await expect(tabs.filter({ hasText: "Subscribers" })).toBeVisible();
  const rows = await tabs.evaluateAll((links) => new Set(links.map((link) => link.getBoundingClientRect().top)).size);
  expect(rows).toBe(1);
  await context.close();
});

async function shoot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: path.join(shots, `${name.replace(/ /g, "-")}.png`), fullPage: true });
}
