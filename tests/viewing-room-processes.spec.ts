import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type APIRequestContext, expect as baseExpect, type Locator, type Page, test } from "@playwright/test";
import { createPostgresDatabase, type ServerProcess, startServer } from "./support/server-process.ts";
import { enrolStudio } from "./support/studio-sign-in.ts";

// Issue 22's "rooms on a second process": two server processes on one PostgreSQL database, as a
// deployment with several app processes behind nginx runs. The studio works through process A;
// collectors reach process B. Nothing about a link may live in one process's memory: a link made
// on A opens on B, stops on B the moment A revokes, renews or closes it, the passcode allowance
// is one across both, and what B records is what A's figures show.
test.describe.configure({ mode: "serial", timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });
test.skip(!process.env.TEST_DATABASE_URL, "needs TEST_DATABASE_URL (two processes share one PostgreSQL)");

// One project is enough (desktop): the pages are the other specs'; this is about the processes.
// E2E_PORT + 8 for process A (its PUBLIC_URL is the origin links are shown with); process B takes
// any free port and, without PUBLIC_URL, accepts forms from its own loopback origin.
const basePort = Number(process.env.E2E_PORT || 4173);

let database: { url: string; drop: () => Promise<void> } | undefined;
let a: ServerProcess | undefined;
let b: ServerProcess | undefined;
let stateFile = "";
const folders: string[] = [];

const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-room-processes-"));
  folders.push(dir);
  return dir;
};

test.beforeAll(async () => {
  test.setTimeout(180_000);
  database = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
  const port = basePort + 8;
  a = await startServer({
    DATABASE_URL: database.url,
    DATA_DIR: tempDir(),
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    WARM_IMAGES: "off",
  });
  b = await startServer({ DATABASE_URL: database.url, DATA_DIR: tempDir(), WARM_IMAGES: "off" });
  stateFile = path.join(tempDir(), "state.json");
  await enrolStudio(a.url, { path: "/admin/viewing-rooms", heading: "Viewing rooms" }, stateFile);
});

test.afterAll(async () => {
  // Stopping a server and dropping its PostgreSQL database outlast 30 s on a busy machine.
  test.setTimeout(90_000);
  for (const server of [a, b]) {
    if (!server) continue;
    server.child.kill("SIGTERM");
    await server.exited;
  }
  await database?.drop();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

test.use({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use) => use(a?.url),
  // biome-ignore lint/correctness/noEmptyPattern: as above
  storageState: async ({}, use) => use(stateFile || undefined),
});

/** Makes a room on A with the given works (and passcode), and returns its editor's address. */
async function makeRoom(page: Page, title: string, works: Array<[string, string]>, passcode?: string) {
  await page.goto("/admin/viewing-rooms/new");
  await page.getByLabel("Title", { exact: true }).fill(title);
  for (const [search, name] of works) {
    await page.getByLabel("Find works by title or series").fill(search);
    await page.getByRole("button", { name: "Find", exact: true }).click();
    await page.getByRole("button", { name: `Add ${name}`, exact: true }).click();
  }
  if (passcode) await page.getByLabel("Passcode (optional)").fill(passcode);
  await page.getByRole("button", { name: "Create Room" }).click();
  await expect(page).toHaveURL(/\/admin\/viewing-rooms\/\d+\?created=1$/);
}

const linkCards = (page: Page) => page.getByRole("list", { name: "Links, newest first" }).getByRole("listitem");

/** Makes a link on A; returns its token (the part after /rooms/). */
async function makeLink(page: Page, note: string): Promise<string> {
  await page.getByLabel("Who it is for").fill(note);
  await page.getByRole("button", { name: "Make Link" }).click();
  const field = linkCards(page)
    .first()
    .getByRole("textbox", { name: `Link (${note})` });
  await expect(field).toHaveValue(/\/rooms\/[A-Za-z0-9_-]{43}$/);
  return (await field.inputValue()).split("/rooms/")[1]!;
}

const onB = (token: string) => `${b!.url}/rooms/${token}`;
const figure = (card: Locator, name: string) =>
  card.locator(`xpath=.//dt[normalize-space()="${name}"]/following-sibling::dd[1]`);

async function statusOnB(request: APIRequestContext, token: string) {
  return (await request.get(onB(token), { maxRedirects: 0 })).status();
}

test("a link made on A opens on B, B's visits show on A, and revoking, renewing and closing on A stop it on B at once", {
  tag: "@desktop",
}, async ({ page, browser, request }) => {
  await makeRoom(page, "Two processes, one room", [
    ["new god", "The New God"],
    ["brass moth", "Brass Moth"],
  ]);
  const token = await makeLink(page, "for Ada on B");

  // The collector, in a fresh browser, on process B.
  const collector = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const visitor = await collector.newPage();
    expect((await visitor.goto(onB(token)))?.status()).toBe(200);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Two processes, one room");
    await visitor
      .getByRole("article", { name: "Brass Moth" })
      .getByRole("link", { name: "Open in full: Brass Moth" })
      .click();
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Brass Moth");
    expect((await visitor.goto(`${onB(token)}/works/brass-moth/zoom`))?.status()).toBe(200);

    // What B recorded is what A shows.
    await page.reload();
    const card = linkCards(page).filter({ hasText: "for Ada on B" }).first();
    await expect(figure(card, "Visits")).toHaveText("1");
    await expect(figure(card, "First opened")).not.toHaveText("Not yet");
    await expect(
      card.getByRole("table", { name: "Works opened through link (for Ada on B)" }).getByRole("row"),
    ).toHaveText([/Work\s*Opened in full\s*Zoomed/, /Brass Moth\s*1\s*1/]);

    // Revoked on A: B answers 410 on the next request, for the page, its works and its zoom.
    page.once("dialog", (dialog) => void dialog.accept());
    await card.getByRole("button", { name: "Revoke link (for Ada on B)" }).click();
    await expect(card).toContainText(/Revoked/);
    expect(await statusOnB(request, token)).toBe(410);
    expect((await visitor.goto(`${onB(token)}/works/brass-moth`))?.status()).toBe(410);
    expect((await visitor.goto(`${onB(token)}/works/brass-moth/zoom`))?.status()).toBe(410);
  } finally {
    await collector.close();
  }

  // Renewed on A: the old token is unknown on B at once, the new one opens there.
  const second = await makeLink(page, "for Ben on B");
  expect(await statusOnB(request, second)).toBe(200);
  await linkCards(page).first().getByRole("button", { name: "Renew link (for Ben on B)" }).click();
  const renewedField = linkCards(page).first().getByRole("textbox", { name: "Link (for Ben on B)" });
  await expect(renewedField).not.toHaveValue(new RegExp(second));
  const renewed = (await renewedField.inputValue()).split("/rooms/")[1]!;
  expect(await statusOnB(request, second)).toBe(404);
  expect(await statusOnB(request, renewed)).toBe(200);

  // Closed on A: every link stops on B; reopened, the renewed link opens again.
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Close Room" }).click();
  await expect(page.getByRole("button", { name: "Reopen Room" })).toBeVisible();
  expect(await statusOnB(request, renewed)).toBe(410);
  await page.getByRole("button", { name: "Reopen Room" }).click();
  await expect(page.getByRole("button", { name: "Close Room" })).toBeVisible();
  expect(await statusOnB(request, renewed)).toBe(200);
  expect(await statusOnB(request, second)).toBe(404);
});

test("the passcode allowance is one across both processes: guesses on A and B together are cut off at the link's 8", {
  tag: "@desktop",
}, async ({ page, playwright }) => {
  await makeRoom(page, "Guarded on two processes", [["new god", "The New God"]], "heron-copper-88");
  const token = await makeLink(page, "for Chiara");
  // Each process answers forms from its own origin; the client here is the same address on both.
  const clients = await Promise.all(
    [a!, b!].map((server) =>
      playwright.request.newContext({
        baseURL: server.url,
        extraHTTPHeaders: { Origin: server.url },
        storageState: { cookies: [], origins: [] },
      }),
    ),
  );
  try {
    const guess = (client: APIRequestContext, passcode: string) =>
      client.post(`/rooms/${token}`, { form: { intent: "passcode", passcode }, maxRedirects: 0 });
    // Eight wrong guesses, alternating between the processes: each is refused as wrong (401).
    for (let attempt = 0; attempt < 8; attempt++) {
      const answer = await guess(clients[attempt % 2]!, `wrong-guess-${attempt}`);
      expect(answer.status(), `guess ${attempt + 1}`).toBe(401);
    }
    // The link's allowance is spent on both: even the right passcode waits, on either process.
    for (const client of clients) {
      const answer = await guess(client, "heron-copper-88");
      expect(answer.status()).toBe(429);
      expect(Number(answer.headers()["retry-after"])).toBeGreaterThan(0);
      expect(answer.headers()["set-cookie"] ?? "").not.toContain("umbra_room_pass");
    }
  } finally {
    await Promise.all(clients.map((client) => client.dispose()));
  }
  // The refusals B counted are A's figures too.
  await page.reload();
  await expect(figure(linkCards(page).first(), "Wrong passcodes")).toHaveText("8");
});
