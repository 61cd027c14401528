import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { e2eAdmin } from "../playwright.config";
import { expectNoSeriousA11yViolations } from "./accessibility.ts";
import { homeQuoteTexts, newestPublicQuotes } from "./support/home-quotes.ts";
import { type ServerProcess, startServer } from "./support/server-process.ts";
import { studioNav } from "./support/studio-nav.ts";
import { tapTargetsUnder44 } from "./support/tap-targets.ts";
import { totp, unusedCode } from "./totp.ts";

// One admin account goes through enrolment, sign-ins and a reset in order, so these run
// serially and on the desktop project only (the phone project checks the screens' layout).
// Timing-bound (a toggle must reach the public wall and another open screen live): one retry.
test.describe.configure({ mode: "serial", retries: 1 });

let secret = "";
let password = e2eAdmin.password;

// A server of its own per project, on E2E_PORT + 16 (desktop) or + 18 (phone; + 17 is 4190 by
// default, a port browsers and fetch refuse): this flow changes
// which quotes are public and spends the sign-in allowances, which no other spec may see, so it
// runs beside them rather than after them. (Other specs' servers take + 1 to + 15.)
let server: ServerProcess | undefined;
let baseURL = "";
let dataDir = "";

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads a hook's fixtures from this pattern
test.beforeAll(async ({}, testInfo) => {
  // Opening a fresh embedded database takes a while on a busy machine.
  test.setTimeout(120_000);
  const port = Number(process.env.E2E_PORT || 4173) + (testInfo.project.name === "phone" ? 18 : 16);
  baseURL = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-admin-e2e-"));
  server = await startServer({
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: baseURL,
    ADMIN_EMAIL: e2eAdmin.email,
    ADMIN_PASSWORD: e2eAdmin.password,
    WARM_IMAGES: "off",
  });
  // The shared server the flow used to run on had served every other spec first: ask for the
  // sign-in page once, so the first test's timings start from a server as warm as that one.
  await (await fetch(`${server.url}/admin/quotes`)).arrayBuffer();
});

test.afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
test.use({ baseURL: async ({}, use) => use(server?.url) });

async function signIn(page: Page, withPassword = password) {
  await page.goto("/admin/quotes");
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await page.getByLabel("Email").fill(e2eAdmin.email);
  await page.getByLabel("Password").fill(withPassword);
  await page.getByRole("button", { name: "Login" }).click();
}

/** Enters a code; by default one the server has not accepted yet (a code works once). */
async function enterCode(page: Page, code?: string) {
  await page.getByLabel("Code").fill(code ?? (await unusedCode(secret)));
  await page.getByRole("button", { name: "Verify" }).click();
}

/** Every admin endpoint, read and write. */
async function expectEveryAdminEndpointRefused(request: APIRequestContext, headers: Record<string, string> = {}) {
  const origin = { Origin: baseURL, ...headers };
  const attempts = [
    request.get("/api/admin/quotes", { headers: origin }),
    request.get("/api/admin/quotes/events", { headers: origin }),
    request.patch("/api/admin/quotes", { headers: origin, data: { ids: [1, 2], includeInSearch: true } }),
    request.patch("/api/admin/quotes/1", { headers: origin, data: { includeInSearch: true } }),
    request.post("/admin/security", { headers: origin, form: { intent: "enrol", password: "x" }, maxRedirects: 0 }),
  ];
  for (const response of await Promise.all(attempts)) {
    expect([401, 403, 302], `${response.url()} answered ${response.status()}`).toContain(response.status());
    if (response.url().includes("/api/")) expect([401, 403]).toContain(response.status());
  }
}

/**
 * Every source a Content-Security-Policy allows scripts from: script-src (default-src when it has
 * none, "*" when neither is set) and the script-src-elem and script-src-attr refinements.
 */
function scriptSourcesOf(policy: string): string[] {
  const directives = new Map<string, string[]>();
  for (const directive of policy.split(";")) {
    const [name, ...values] = directive.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), values);
  }
  return [
    ...(directives.get("script-src") ?? directives.get("default-src") ?? ["*"]),
    ...(directives.get("script-src-elem") ?? []),
    ...(directives.get("script-src-attr") ?? []),
  ].map((source) => source.toLowerCase());
}

async function publicQuoteTexts(request: APIRequestContext): Promise<string> {
  // The public list's data (the page's HTML differs per request by its CSP nonce).
  return JSON.stringify(await (await request.get("/api/quotes?limit=100")).json());
}

test("the admin login and reset screens are accessible and send no-index headers", async ({ page }) => {
  // Two axe runs and two tap-target scans: patient on a loaded machine (nothing here is timed).
  test.setTimeout(60_000);
  const response = await page.goto("/admin/quotes");
  expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  // The studio's windows are isolated from every other site's (decision 056).
  expect(response?.headers()["cross-origin-opener-policy"]).toBe("same-origin");
  // No policy on the page lets inline or eval'd script run, wherever the keyword would sit.
  const policies = (await response?.headerValues("content-security-policy")) ?? [];
  expect(policies.length).toBeGreaterThan(0);
  for (const policy of policies) {
    const sources = scriptSourcesOf(policy);
    expect(sources, policy).not.toContain("'unsafe-inline'");
    expect(sources, policy).not.toContain("'unsafe-eval'");
    expect(sources, policy).not.toContain("*");
  }
  await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
  await expect(page.getByLabel("Password")).toHaveAttribute("type", "password");
  await expect(page.getByRole("link", { name: "Reset Password" })).toHaveAttribute("href", "/reset-password");
  await expectNoSeriousA11yViolations(page);
  expect(await tapTargetsUnder44(page)).toEqual([]);
  await page.getByRole("link", { name: "Reset Password" }).click();
  await expect(page.getByRole("heading", { name: "Reset Password" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(await tapTargetsUnder44(page)).toEqual([]);
});

// One account's flow runs once, at desktop width (the phone project would share the account).
test.describe("one admin account, in order", { tag: "@desktop" }, () => {
  // A code works once, so later sign-ins may wait up to 30 s for a fresh one.
  test.describe.configure({ timeout: 90_000 });
  test("admin endpoints refuse no session, a forged cookie and another origin", async ({ playwright }) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    const before = await publicQuoteTexts(anonymous);
    await expectEveryAdminEndpointRefused(anonymous);
    await expectEveryAdminEndpointRefused(anonymous, { Cookie: "umbra.session_token=forged.signature" });
    const crossOrigin = await anonymous.patch("/api/admin/quotes", {
      headers: { Origin: "https://evil.example" },
      data: { ids: [1], includeInSearch: true },
    });
    expect(crossOrigin.status()).toBe(403);
    expect(await publicQuoteTexts(anonymous)).toBe(before);
    await anonymous.dispose();
  });

  test("sign in, enrol an authenticator, sign out, and sign in again with a code", async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole("heading", { name: "Manage Quotes" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto("/admin/security");
    await page.getByLabel("Name").fill("Studio phone");
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Add Authenticator App" }).click();
    await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    // A wrong code says so and keeps the QR code and the same secret on screen for another try.
    const qr = await page.getByRole("img", { name: "QR code for your authenticator app" }).getAttribute("src");
    await page.getByLabel("Code from the app").fill(totp(secret) === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid code.");
    await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toHaveAttribute(
      "src",
      qr ?? "",
    );
    await expect(page.getByTestId("totp-secret")).toHaveText(secret);
    await expect(page.getByRole("list", { name: "Backup codes" })).toBeVisible();
    // The long secret wraps on a phone instead of widening the page.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByLabel("Code from the app").fill(await unusedCode(secret));
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("list", { name: "Factors" })).toContainText("Studio phone");
    await expectNoSeriousA11yViolations(page);

    await page.goto("/admin/quotes");
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();

    await signIn(page);
    await expect(page.getByLabel("Code")).toBeVisible();
    // Password accepted, code not yet given: the session is refused everywhere (level 1).
    await expectEveryAdminEndpointRefused(page.request);
    await enterCode(page, totp(secret) === "000000" ? "111111" : "000000");
    await expect(page.getByRole("alert")).toHaveText("Invalid code.");
    await enterCode(page);
    await expect(page.getByRole("heading", { name: "Manage Quotes" })).toBeVisible();
  });

  test("toggling and dragging say Saved and reach the public wall, the home page and another open admin screen; 44 px targets on a phone", async ({
    page,
    browser,
  }) => {
    await signIn(page);
    await enterCode(page);
    await expect(page.getByRole("heading", { name: "Manage Quotes" })).toBeVisible();
    const adminApi = { headers: { Origin: baseURL } };
    const visibilityOf = async (): Promise<Map<number, boolean>> => {
      const body = await (await page.request.get("/api/admin/quotes?limit=1000", adminApi)).json();
      return new Map(
        (body.quotes as Array<{ id: number; includeInSearch: boolean }>).map((q) => [q.id, q.includeInSearch]),
      );
    };
    // Every quote's visibility before this test, put back in finally for the tests after it.
    const original = await visibilityOf();
    const touched = new Set<number>();
    // The second screen is a 1024 px touch screen, where a tap toggles.
    const other = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
    try {
      // A second admin screen, signed in separately, open before the change.
      const otherPage = await other.newPage();
      await signIn(otherPage);
      await enterCode(otherPage);
      await expect(otherPage.getByRole("heading", { name: "Manage Quotes" })).toBeVisible();

      // Toggle one hidden quote: it reaches the public wall and the other screen without a reload.
      const hiddenBox = page.getByRole("checkbox", { checked: false }).first();
      const label = (await hiddenBox.getAttribute("aria-label")) ?? "";
      const id = /#\d+/.exec(label)?.[0] ?? "";
      touched.add(Number(id.slice(1)));
      const row = page.locator(`li[data-quote-id="${id.slice(1)}"]`);
      const text = ((await row.locator("span").nth(1).textContent()) ?? "").trim();
      expect(await publicQuoteTexts(page.request)).not.toContain(text);
      const box = page.getByRole("checkbox", { name: `Show ${id} on the public wall` });
      await box.click();
      await expect(box).toBeChecked();
      // A visible "Public" column heading, and "Saved" once the server confirmed the toggle.
      await expect(page.getByTestId("quote-columns")).toContainText("Public");
      const status = page.getByRole("main").getByRole("status");
      await expect(status).toHaveText("Saved");
      await expect.poll(() => publicQuoteTexts(page.request)).toContain(text);
      await expect(otherPage.getByRole("checkbox", { name: `Show ${id} on the public wall` })).toBeChecked();

      // Drag across the first four rows, all hidden first (set through the API; the screen hears
      // of it over its event stream), so the drag makes all four public.
      const rows = page.locator("li[data-quote-id]");
      const ids = await Promise.all(
        [0, 1, 2, 3].map(async (i) => Number(await rows.nth(i).getAttribute("data-quote-id"))),
      );
      for (const quoteId of ids) touched.add(quoteId);
      const hide = await page.request.patch("/api/admin/quotes", {
        ...adminApi,
        data: { ids, includeInSearch: false },
      });
      expect(hide.status()).toBe(200);
      const firstFour = [0, 1, 2, 3].map((i) => rows.nth(i).getByRole("checkbox"));
      for (const b of firstFour) await expect(b).not.toBeChecked();

      // Every save the screen sends from here on.
      const saves: Array<{ path: string; body: unknown }> = [];
      page.on("request", (request) => {
        const path = new URL(request.url()).pathname;
        if (request.method() === "PATCH" && path.startsWith("/api/admin/quotes")) {
          saves.push({ path, body: request.postDataJSON() });
        }
      });
      const saved = page.waitForResponse((r) => r.request().method() === "PATCH");
      // The drag's save is held until "Saving..." has been seen, then "Saved" must follow it.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route("**/api/admin/quotes", async (route) => {
        await held;
        await route.continue();
      });
      const boxesAt = await Promise.all(firstFour.map((b) => b.boundingBox()));
      const [start] = boxesAt;
      if (!start || boxesAt.some((b) => !b)) throw new Error("rows not laid out");
      await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
      await page.mouse.down();
      for (const b of boxesAt.slice(1))
        if (b) await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 4 });
      await page.mouse.up();
      for (const b of firstFour) await expect(b).toBeChecked();
      await expect(status).toHaveText("Saving...");
      release();
      expect((await saved).status()).toBe(200);
      await expect(status).toHaveText("Saved");
      await page.unroute("**/api/admin/quotes");
      await expect
        .poll(async () => {
          const now = await visibilityOf();
          return ids.map((quoteId) => now.get(quoteId));
        })
        .toEqual([true, true, true, true]);
      for (const quoteId of ids) {
        await expect(otherPage.getByRole("checkbox", { name: `Show #${quoteId} on the public wall` })).toBeChecked();
      }
      // The whole gesture went to the server as one request carrying all four ids.
      expect(saves).toHaveLength(1);
      expect(saves[0]?.path).toBe("/api/admin/quotes");
      const body = saves[0]?.body as { ids: number[]; includeInSearch: boolean };
      expect(body.includeInSearch).toBe(true);
      expect([...body.ids].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));

      // The home page shows the three newest public quotes, the top of the wall; one made
      // private is gone from it on the next load (an anonymous visitor, answered from memory).
      const visitor = await browser.newContext();
      const homeQuotes = () => homeQuoteTexts(visitor);
      const newestPublic = () => newestPublicQuotes(visitor);
      const top = await newestPublic();
      expect(top).toHaveLength(3);
      expect(await homeQuotes()).toEqual(top.map((q) => q.text));
      const [first] = top;
      if (!first) throw new Error("no public quote");
      touched.add(first.id);
      const hideFirst = await page.request.patch(`/api/admin/quotes/${first.id}`, {
        ...adminApi,
        data: { includeInSearch: false },
      });
      expect(hideFirst.status()).toBe(200);
      await expect.poll(homeQuotes).not.toContain(first.text);
      expect(await homeQuotes()).toEqual((await newestPublic()).map((q) => q.text));
      expect(await homeQuotes()).toHaveLength(3);
      await visitor.close();

      // On the 1024 px touch screen: the Public heading, and a tap saves and says Saved.
      await expect(otherPage.getByTestId("quote-columns")).toContainText("Public");
      const tapLabel =
        (await otherPage.getByRole("checkbox", { checked: false }).first().getAttribute("aria-label")) ?? "";
      const tapId = /#(\d+)/.exec(tapLabel)?.[1] ?? "";
      touched.add(Number(tapId));
      const tapBox = otherPage.getByRole("checkbox", { name: `Show #${tapId} on the public wall` });
      await tapBox.tap();
      await expect(tapBox).toBeChecked();
      await expect(otherPage.getByRole("main").getByRole("status")).toHaveText("Saved");
      await expect(page.getByRole("checkbox", { name: `Show #${tapId} on the public wall` })).toBeChecked();

      // Every control of the signed-in screens is a 44 x 44 px target on a phone.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.getByRole("checkbox").first()).toBeVisible();
      expect(await tapTargetsUnder44(page)).toEqual([]);
      await page.goto("/admin/security");
      expect(await tapTargetsUnder44(page)).toEqual([]);
      await (await studioNav(page)).getByRole("link", { name: "Outgoing Mail" }).click();
      await expect(page.getByRole("heading", { name: "Outgoing Mail" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      expect(await tapTargetsUnder44(page)).toEqual([]);
    } finally {
      // Put the wall back as it was for other tests, even when a step above failed.
      for (const value of [true, false]) {
        const back = [...touched].filter((quoteId) => original.get(quoteId) === value);
        if (back.length === 0) continue;
        const restored = await page.request.patch("/api/admin/quotes", {
          ...adminApi,
          data: { ids: back, includeInSearch: value },
        });
        // Soft, so a failure here does not hide the one that brought the test here.
        expect.soft(restored.status(), `restoring ${back.join(", ")}`).toBe(200);
      }
      await other.close();
    }
  });

  test("a password is reset through the emailed link", async ({ page }) => {
    await page.goto("/reset-password");
    await expectNoSeriousA11yViolations(page);
    const outbox = path.join(dataDir, "outbox");
    const before = new Set(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []);
    await page.getByLabel("Email").fill("nobody@umbra.test");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    const sameAnswer = page.getByRole("status");
    await expect(sameAnswer).toContainText("If an admin account uses that address");
    const answerForUnknown = await sameAnswer.textContent();

    await page.goto("/reset-password");
    await page.getByLabel("Email").fill(e2eAdmin.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("status")).toHaveText(answerForUnknown ?? "");

    let message: { to: string; text: string } | undefined;
    await expect
      .poll(() => {
        const fresh = fs.existsSync(outbox)
          ? fs.readdirSync(outbox).filter((f) => f.endsWith(".json") && !before.has(f))
          : [];
        message = fresh
          .map((f) => JSON.parse(fs.readFileSync(path.join(outbox, f), "utf8")))
          .find((m) => m.to === e2eAdmin.email);
        return Boolean(message);
      })
      .toBe(true);
    const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(message?.text ?? "")?.[0];
    expect(link).toBeTruthy();

    password = "a new moth lantern at dusk 77";
    await page.goto(link as string);
    await page.getByLabel(/^New password/).fill(password);
    await page.getByLabel("Repeat the new password").fill(password);
    await page.getByRole("button", { name: "Set New Password" }).click();
    await expect(page.getByText("Your password was changed.")).toBeVisible();

    // The link works once.
    await page.goto(link as string);
    await page.getByLabel(/^New password/).fill("yet another long passphrase 9");
    await page.getByLabel("Repeat the new password").fill("yet another long passphrase 9");
    await page.getByRole("button", { name: "Set New Password" }).click();
    await expect(page.getByRole("alert")).toContainText("expired or was already used");

    await signIn(page, password);
    await expect(page.getByLabel("Code")).toBeVisible();
  });

  test("guesses from elsewhere lock strangers out of the account, never the admin's own browser", async ({
    page,
    browser,
  }) => {
    // The admin's browser has signed in here before, so it carries a device cookie.
    await signIn(page);
    await enterCode(page);
    await expect(page.getByRole("heading", { name: "Manage Quotes" })).toBeVisible();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();

    const elsewhere = await browser.newContext();
    const attacker = await elsewhere.newPage();
    await attacker.goto("/admin/quotes");
    const attempt = async (guess: string) => {
      await attacker.getByLabel("Email").fill(e2eAdmin.email);
      await attacker.getByLabel("Password").fill(guess);
      const [response] = await Promise.all([
        attacker.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin/quotes")),
        attacker.getByRole("button", { name: "Login" }).click(),
      ]);
      await expect(attacker.getByRole("button", { name: "Login" })).toBeEnabled();
      return response;
    };
    for (let i = 0; i < 5; i++) {
      expect((await attempt(`wrong password ${i}`)).status()).toBe(401);
      await expect(attacker.getByRole("alert")).toHaveText("Invalid email or password");
    }
    const refused = await attempt("wrong password again");
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
    await expect(attacker.getByRole("alert")).toContainText("Too many attempts. Try again in");
    // Even the right password is refused to a browser the admin has never used...
    expect((await attempt(password)).status()).toBe(429);
    await elsewhere.close();

    // ...while the admin's own browser signs in as usual.
    await signIn(page);
    await enterCode(page);
    await expect(page.getByRole("heading", { name: "Manage Quotes" })).toBeVisible();
  });
});
