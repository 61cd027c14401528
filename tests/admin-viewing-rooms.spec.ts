import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect as baseExpect, type Page, test } from "@playwright/test";
import pg from "pg";
import { expectNoSeriousA11yViolations } from "./accessibility.ts";
import { createPostgresDatabase, type ServerProcess, startServer } from "./support/server-process.ts";
import { studioNav } from "./support/studio-nav.ts";
import { enrolStudio } from "./support/studio-sign-in.ts";
import { tapTargetsUnder44 } from "./support/tap-targets.ts";

// Issue 22, the studio's side: viewing rooms made, shared, renewed and closed from the admin
// area, on a server of its own with a PostgreSQL database the test reads to check what was
// stored. One admin per project enrols an authenticator and signs in once; tests run in order.
test.describe.configure({ mode: "serial", timeout: 180_000 });
// Patient waits: a save hashes a passcode with argon2 and the machine may be loaded (nothing here is timed).
const expect = baseExpect.configure({ timeout: 30_000 });

const baseDatabaseUrl = process.env.TEST_DATABASE_URL;
const shots = process.env.ROOM_SCREENSHOTS; // a folder: save screenshots there
const basePort = Number(process.env.E2E_PORT || 4173);

let database: { url: string; drop: () => Promise<void> } | undefined;
let server: ServerProcess | undefined;
let stateFile = "";
const dataDirs: string[] = [];

const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-rooms-e2e-"));
  dataDirs.push(dir);
  return dir;
};

let pool: pg.Pool | undefined;
async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  pool ??= new pg.Pool({ connectionString: database!.url, max: 2 });
  return (await pool.query(text, values)).rows as T[];
}

test.skip(!baseDatabaseUrl, "needs TEST_DATABASE_URL (the test reads what the studio stored)");

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads a hook's fixtures from this pattern
test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(120_000);
  database = await createPostgresDatabase(baseDatabaseUrl!);
  // A port of this run's own range: E2E_PORT + 3 for the desktop project, + 4 for the phone's
  // (viewing-room.spec.ts takes + 1, + 2 and + 9, csp-backstop.spec.ts + 7).
  const port = basePort + (testInfo.project.name === "phone" ? 4 : 3);
  // PUBLIC_URL is the origin links are shown with (and the only one forms may come from).
  server = await startServer({
    DATABASE_URL: database.url,
    DATA_DIR: tempDir(),
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  stateFile = path.join(tempDir(), "state.json");
  await enrolStudio(server.url, { path: "/admin/viewing-rooms", heading: "Viewing rooms" }, stateFile);
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

async function shootViewport(page: Page, name: string) {
  if (!shots) return;
  fs.mkdirSync(shots, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(shots, `${name}-${width}.png`) });
}

async function fits(page: Page) {
  expect(await tapTargetsUnder44(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

async function addWork(page: Page, search: string, title: string) {
  await page.getByLabel("Find works by title or series").fill(search);
  await page.getByRole("button", { name: "Find", exact: true }).click();
  await page.getByRole("button", { name: `Add ${title}`, exact: true }).click();
  await expect(page.getByRole("list", { name: "Works in the room, in order" })).toContainText(title);
}

/**
 * Brings each of the editor's fields into view the least way, from the top of the page, as the
 * browser does for a caret moving down a field, an on-screen keyboard opening, or find in page
 * (`block: "nearest"`), and returns the fields left under the sticky save bar, with a screenshot
 * of the first one.
 */
async function fieldsUnderSaveBar(page: Page, name: string): Promise<string[]> {
  await page.goto("/admin/viewing-rooms/new");
  await addWork(page, "new god", "The New God");
  await addWork(page, "brass moth", "Brass Moth");
  await addWork(page, "canopy", "A Door in the Canopy");
  const count = await page.locator("form input:not([type=hidden]), form textarea").count();
  const covered: string[] = [];
  for (let index = 0; index < count; index++) {
    const seen = await page.evaluate((index) => {
      // The bar holds the visible Save button (the form's first, hidden one makes Enter save).
      const bar = [...document.querySelectorAll("form button[value='save']")].at(-1)?.parentElement;
      const field = document.querySelectorAll<HTMLElement>("form input:not([type=hidden]), form textarea")[index];
      if (!bar || !field || bar.contains(field) || field.getBoundingClientRect().height === 0) return null;
      window.scrollTo(0, 0);
      field.focus({ preventScroll: true });
      field.scrollIntoView({ block: "nearest" });
      const box = field.getBoundingClientRect();
      const label =
        field.getAttribute("aria-label") ||
        (field as HTMLInputElement).labels?.[0]?.textContent ||
        field.getAttribute("name");
      return { label: `${label?.trim().slice(0, 40)}`, under: box.bottom > bar.getBoundingClientRect().top + 1 };
    }, index);
    if (!seen?.under) continue;
    if (covered.length === 0) await shootViewport(page, name);
    covered.push(seen.label);
  }
  return covered;
}

const workList = (page: Page) => page.getByRole("list", { name: "Works in the room, in order" });

async function workOrder(page: Page): Promise<string[]> {
  return workList(page)
    .getByRole("listitem")
    .evaluateAll((items) =>
      items.map((item) => item.querySelector('input[name="workSlug"]')?.getAttribute("value") ?? ""),
    );
}

test("signed out, another origin and the search API without a session are refused with 4xx", async ({ playwright }) => {
  const anonymous = await playwright.request.newContext({
    baseURL: server!.url,
    storageState: { cookies: [], origins: [] },
  });
  for (const url of [
    "/admin/viewing-rooms",
    "/admin/viewing-rooms/new",
    "/admin/viewing-rooms/1",
    "/admin/viewing-rooms/works?q=moth",
  ]) {
    const response = await anonymous.get(url, { maxRedirects: 0 });
    expect(response.status(), url).toBe(401);
    expect(response.headers()["cache-control"], url).toContain("no-store");
  }
  const post = await anonymous.post("/admin/viewing-rooms/new", {
    headers: { Origin: server!.url },
    form: { intent: "save", title: "Forged" },
  });
  expect(post.status()).toBe(401);
  const crossOrigin = await anonymous.post("/admin/viewing-rooms/new", {
    headers: { Origin: "https://evil.example" },
    form: { intent: "save", title: "Forged" },
  });
  expect(crossOrigin.status()).toBe(403);
  expect(await sql("select id from viewing_rooms where title = 'Forged'")).toEqual([]);
  await anonymous.dispose();
});

test("the studio makes a room with three works, a note and a passcode, shares a link, renews it, closes the room", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server!.url });
  await page.goto("/admin/viewing-rooms");
  const nav = await studioNav(page);
  await expect(nav.getByRole("link", { name: "Viewing rooms" })).toHaveAttribute("aria-current", "page");
  await page.getByRole("link", { name: "New Room" }).click();
  await expect(page.getByRole("heading", { name: "New room", level: 1 })).toBeVisible();

  await page.getByLabel("Title", { exact: true }).fill("For Ada Lindqvist");
  await page.getByLabel(/^Introduction/).fill("Dear Ada,\n\nthree works **chosen for you** after Basel.");
  await addWork(page, "new god", "The New God");
  await addWork(page, "brass moth", "Brass Moth");
  await addWork(page, "canopy", "A Door in the Canopy");
  await workList(page).getByLabel("Note shown in the room").first().fill("Available to you until 31 January");
  await workList(page).getByLabel("Price").first().fill("AUD 12,000");
  // By keyboard: the third work up one place; the focus stays on its button.
  await page.getByRole("button", { name: "Move A Door in the Canopy up" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Move A Door in the Canopy up" })).toBeFocused();
  await expect(
    page.getByRole("status").filter({ hasText: "Moved A Door in the Canopy to position 2 of 3." }),
  ).toBeVisible();
  expect(await workOrder(page)).toEqual(["the-new-god", "a-door-in-the-canopy", "brass-moth"]);
  await page.getByLabel("Price (a work without one").check();
  await page.getByLabel("Passcode (optional)").fill("quiet river");
  await page.getByRole("button", { name: "Preview Introduction" }).click();
  await expect(page.getByRole("region", { name: "Introduction preview" }).locator("strong")).toHaveText(
    "chosen for you",
  );
  await shoot(page, "new-room");
  await expectNoSeriousA11yViolations(page);
  await fits(page);

  await page.getByRole("button", { name: "Create Room" }).click();
  await expect(page).toHaveURL(/\/admin\/viewing-rooms\/\d+\?created=1$/);
  await expect(page.getByRole("heading", { name: "For Ada Lindqvist", level: 1 })).toBeVisible();
  const roomId = Number(/\/admin\/viewing-rooms\/(\d+)/.exec(page.url())?.[1]);
  const [room] = await sql<{ passcode_hash: string | null; show_price: boolean }>(
    "select passcode_hash, show_price from viewing_rooms where id = $1",
    [roomId],
  );
  expect(room?.passcode_hash).toMatch(/^\$argon2id\$/);
  expect(room?.show_price).toBe(true);
  expect(
    await sql("select work_slug, note, price from viewing_room_works where room_id = $1 order by position", [roomId]),
  ).toEqual([
    { work_slug: "the-new-god", note: "Available to you until 31 January", price: "AUD 12,000" },
    { work_slug: "a-door-in-the-canopy", note: "", price: "" },
    { work_slug: "brass-moth", note: "", price: "" },
  ]);
  // The passcode is never shown back.
  expect(await page.content()).not.toContain("quiet river");
  await expect(page.getByLabel("New passcode (empty keeps the current one)")).toHaveValue("");

  // A link for one recipient, shown in full with a Copy button.
  await page.getByLabel("Who it is for").fill("for Ada, Basel");
  await page.getByRole("button", { name: "Make Link" }).click();
  const links = page.getByRole("list", { name: "Links, newest first" });
  const adaLink = links.getByRole("listitem").filter({ hasText: "for Ada, Basel" }).first();
  const address = adaLink.getByRole("textbox", { name: "Link (for Ada, Basel)" });
  await expect(address).toHaveValue(new RegExp(`^${server!.url}/rooms/[A-Za-z0-9_-]{43}$`));
  const firstUrl = await address.inputValue();
  const token = firstUrl.split("/rooms/")[1]!;
  const [stored] = await sql<{ token_hash: string; token_sealed: string }>(
    "select token_hash, token_sealed from viewing_room_links where room_id = $1",
    [roomId],
  );
  expect(stored?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  expect(JSON.stringify(stored)).not.toContain(token);
  await adaLink.getByRole("button", { name: "Copy link (for Ada, Basel)" }).click();
  await expect(adaLink.getByText("Copied", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstUrl);
  await shoot(page, "room-with-link");
  await expectNoSeriousA11yViolations(page);
  await fits(page);

  // Renewed: the old link is revoked and points at the new one, which is shown.
  await adaLink.getByRole("button", { name: "Renew link (for Ada, Basel)" }).click();
  await expect(links.getByRole("listitem")).toHaveCount(2);
  const fresh = links.getByRole("listitem").first();
  await expect(fresh.getByRole("textbox", { name: "Link (for Ada, Basel)" })).not.toHaveValue(firstUrl);
  await expect(fresh.getByRole("textbox", { name: "Link (for Ada, Basel)" })).toHaveValue(
    /\/rooms\/[A-Za-z0-9_-]{43}$/,
  );
  await expect(links.getByRole("listitem").nth(1)).toContainText(/Revoked .*replaced by the newer link/);
  const rows = await sql<{ id: number; revoked_at: Date | null; replaced_by_id: number | null }>(
    "select id, revoked_at, replaced_by_id from viewing_room_links where room_id = $1 order by id",
    [roomId],
  );
  expect(rows[0]?.revoked_at).not.toBeNull();
  expect(rows[0]?.replaced_by_id).toBe(rows[1]?.id);
  expect(rows[1]?.revoked_at).toBeNull();

  // Closed at once: every link stops.
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Close Room" }).click();
  await expect(page.getByRole("button", { name: "Reopen Room" })).toBeVisible();
  await expect(page.getByText(/^Closed .*: no link opens it\./)).toBeVisible();
  const [closed] = await sql<{ closed_at: Date | null }>("select closed_at from viewing_rooms where id = $1", [roomId]);
  expect(closed?.closed_at).not.toBeNull();
  await page.goto("/admin/viewing-rooms");
  const row = page.getByRole("row").filter({ hasText: "For Ada Lindqvist" });
  await expect(row).toContainText("Closed");
  await expect(row.getByRole("cell").nth(2)).toHaveText("3");
  await shoot(page, "list");
  await fits(page);
});

test("a stale save is refused with what was typed kept, and can be saved over deliberately", async ({
  page,
  browser,
}) => {
  await page.goto("/admin/viewing-rooms/new");
  await page.getByLabel("Title", { exact: true }).fill("Two tabs");
  await addWork(page, "brass moth", "Brass Moth");
  await page.getByRole("button", { name: "Create Room" }).click();
  await expect(page).toHaveURL(/\/admin\/viewing-rooms\/\d+\?created=1$/);
  const roomUrl = page.url().replace(/\?.*$/, "");

  const other = await browser.newContext({ baseURL: server!.url, storageState: stateFile });
  const otherPage = await other.newPage();
  await otherPage.goto(roomUrl);
  await otherPage.getByLabel("Title", { exact: true }).fill("Two tabs, saved in the other tab");
  await otherPage.getByRole("button", { name: "Save Room" }).click();
  await expect(otherPage.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await other.close();

  await page.getByLabel("Title", { exact: true }).fill("Two tabs, typed here");
  await workList(page).getByLabel("Note shown in the room").fill("A note typed here");
  await page.getByRole("button", { name: "Save Room" }).click();
  await expect(page.getByRole("alert")).toContainText("Not saved: this room was changed elsewhere");
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Two tabs, typed here");
  await expect(workList(page).getByLabel("Note shown in the room")).toHaveValue("A note typed here");
  const id = Number(/(\d+)$/.exec(roomUrl)?.[1]);
  expect((await sql("select title from viewing_rooms where id = $1", [id]))[0]).toEqual({
    title: "Two tabs, saved in the other tab",
  });
  await shoot(page, "conflict");
  await page.getByRole("button", { name: "Save Mine Over Theirs" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect
    .poll(async () => (await sql("select title from viewing_rooms where id = $1", [id]))[0])
    .toEqual({ title: "Two tabs, typed here" });
});

test("a field's error shows beside it and nothing typed is lost", async ({ page }) => {
  await page.goto("/admin/viewing-rooms/new");
  await page.getByLabel(/^Introduction/).fill("Words kept after a refusal.");
  await addWork(page, "new god", "The New God");
  await page.getByRole("button", { name: "Add a Download" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Certificate");
  await page.getByLabel("Path on this site").fill("https://evil.example/certificate.pdf");
  await page.getByRole("button", { name: "Create Room" }).click();
  await expect(page.getByRole("alert")).toContainText("Not saved: 2 fields need a change");
  // The error is the field's description, read once (not again as part of its name).
  await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveAccessibleDescription(
    "Give the room a title.",
  );
  await expect(page.getByRole("textbox", { name: "Path on this site", exact: true })).toHaveAccessibleDescription(
    /Use a path on this site/,
  );
  await expect(page.getByLabel(/^Introduction/)).toHaveValue("Words kept after a refusal.");
  expect(await workOrder(page)).toEqual(["the-new-god"]);
  await shoot(page, "errors");
});

// The mouse drag, at desktop width only: the finger drag is the 1024 px test's.
test("works reorder by dragging their handle", { tag: "@desktop" }, async ({ page }) => {
  await page.goto("/admin/viewing-rooms/new");
  await addWork(page, "new god", "The New God");
  await addWork(page, "brass moth", "Brass Moth");
  await addWork(page, "canopy", "A Door in the Canopy");
  // In the middle of the window, clear of the sticky save bar.
  await workList(page).evaluate((list) => list.scrollIntoView({ block: "center" }));
  const handles = workList(page).locator('[title="Drag to reorder"]');
  const from = (await handles.nth(2).boundingBox())!;
  const to = (await workList(page).getByRole("listitem").first().boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, to.y + 5, { steps: 8 });
  await page.mouse.up();
  expect(await workOrder(page)).toEqual(["a-door-in-the-canopy", "the-new-god", "brass-moth"]);
  await expect(
    page.getByRole("status").filter({ hasText: "Moved A Door in the Canopy to position 1 of 3." }),
  ).toBeVisible();
});

test("on a phone a field brought into view is never under the sticky save bar", { tag: "@phone" }, async ({ page }) => {
  expect(await fieldsUnderSaveBar(page, "under-save-bar")).toEqual([]);
});

// One width is enough for the plain-POST path.
test.describe("without JavaScript", { tag: "@desktop" }, () => {
  test.use({ javaScriptEnabled: false });
  test("the editor still finds, adds, moves works and creates the room with plain POSTs", async ({ page }) => {
    await page.goto("/admin/viewing-rooms/new");
    await page.getByLabel("Title", { exact: true }).fill("Made without scripts");
    await page.getByLabel("Find works by title or series").fill("brass moth");
    await page.getByRole("button", { name: "Find", exact: true }).click();
    await page.getByRole("button", { name: "Add Brass Moth" }).click();
    await page.getByLabel("Find works by title or series").fill("new god");
    await page.getByRole("button", { name: "Find", exact: true }).click();
    await page.getByRole("button", { name: "Add The New God" }).click();
    await page.getByRole("button", { name: "Move The New God up" }).click();
    // A plain POST answers with a new page that may still be arriving: read the list once it
    // has loaded, and poll, so a half-parsed list is never taken for the answer.
    await page.waitForLoadState("load");
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Made without scripts");
    await expect.poll(() => workOrder(page)).toEqual(["the-new-god", "brass-moth"]);
    await page.getByRole("button", { name: "Create Room" }).click();
    await expect(page).toHaveURL(/\/admin\/viewing-rooms\/\d+\?created=1$/);
    const id = Number(/\/admin\/viewing-rooms\/(\d+)/.exec(page.url())?.[1]);
    expect(await sql("select work_slug from viewing_room_works where room_id = $1 order by position", [id])).toEqual([
      { work_slug: "the-new-god" },
      { work_slug: "brass-moth" },
    ]);
    await page.getByLabel("Who it is for").fill("for Ben");
    await page.getByRole("button", { name: "Make Link" }).click();
    await expect(page.getByRole("textbox", { name: "Link (for Ben)" })).toHaveValue(/\/rooms\/[A-Za-z0-9_-]{43}$/);
  });
});

test.describe("at 1024 px with touch", { tag: "@desktop" }, () => {
  test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  test("a field brought into view is never under the sticky save bar", async ({ page }) => {
    expect(await fieldsUnderSaveBar(page, "under-save-bar")).toEqual([]);
  });

  test("the list and a room fit with 44 px targets, works move by tap and by dragging with a finger", async ({
    page,
  }) => {
    await page.goto("/admin/viewing-rooms/new");
    await page.getByLabel("Title", { exact: true }).fill("Touch room");
    for (const [search, title] of [
      ["new god", "The New God"],
      ["brass moth", "Brass Moth"],
    ] as const) {
      await page.getByLabel("Find works by title or series").fill(search);
      await page.getByRole("button", { name: "Find", exact: true }).tap();
      await page.getByRole("button", { name: `Add ${title}`, exact: true }).tap();
    }
    await page.getByRole("button", { name: "Move Brass Moth up" }).tap();
    expect(await workOrder(page)).toEqual(["brass-moth", "the-new-god"]);
    await page.getByRole("button", { name: "Create Room" }).tap();
    await expect(page).toHaveURL(/\/admin\/viewing-rooms\/\d+\?created=1$/);
    await page.getByLabel("Who it is for").fill("for Chiara");
    await page.getByRole("button", { name: "Make Link" }).tap();
    await expect(page.getByRole("textbox", { name: "Link (for Chiara)" })).toHaveValue(/\/rooms\//);
    await fits(page);
    await expectNoSeriousA11yViolations(page);
    await shoot(page, "touch-room");
    // Last, since the raw CDP touch sequence leaves Chromium's gesture detector so that the
    // next tap makes no click (seen: no request at all, with or without a pause).
    // A finger on the handle: touch pointer events, the page does not scroll instead.
    await workList(page).evaluate((list) => list.scrollIntoView({ block: "center" }));
    const handle = workList(page).locator('[title="Drag to reorder"]').first();
    const box = (await handle.boundingBox())!;
    const target = (await workList(page).getByRole("listitem").nth(1).boundingBox())!;
    const session = await page.context().newCDPSession(page);
    const point = (y: number) => [{ x: box.x + box.width / 2, y }];
    await session.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: point(box.y + box.height / 2) });
    for (let step = 1; step <= 6; step++) {
      const y = box.y + box.height / 2 + ((target.y + target.height - 5 - (box.y + box.height / 2)) * step) / 6;
      await session.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: point(y) });
    }
    await session.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    expect(await workOrder(page)).toEqual(["the-new-god", "brass-moth"]);
    await fits(page);
    await shoot(page, "touch-editor");
    await page.goto("/admin/viewing-rooms");
    await fits(page);
  });
});
