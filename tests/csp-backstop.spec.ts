import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { startServerIn, type TamperedServer, tamperedBuild } from "./support/tampered-build.ts";

// Decision 029: the CSP is a backstop. The content checks and the sanitiser keep scripts out of
// pages; if one got into a prerendered page's HTML anyway, the page's policy (which allows only
// the scripts the app wrote, by a marker the build set) must stop it, and the page must still
// work. The build is the real one, copied, with hostile markup written into two pages.

const ARTICLE = "articles/portals-accessing-and-storing-information-in-quantum-folders";
const GALLERY = "art";
const HOSTILE = [
  "<script>window.__injected=1;document.title='pwned'</script>",
  '<img id="hostile-image" src="/no-such-image" onerror="window.__injected=2">',
  '<a id="hostile-link" href="javascript:window.__injected=3">hostile link</a>',
].join("");
const PORT = Number(process.env.E2E_PORT || 4173) + 7;

let dir = "";
let server: TamperedServer;

test.describe("a script injected into a prerendered page", { tag: "@desktop" }, () => {
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async () => {
    // A fresh embedded database and 150 pages loaded: slow on a busy machine.
    test.setTimeout(120_000);
    const inject = (html: string) => html.replace(/(<main\b[^>]*>)/, `$1${HOSTILE}`);
    dir = tamperedBuild({ [ARTICLE]: inject, [GALLERY]: inject, about: inject });
    server = await startServerIn(dir, PORT);
  });
  test.afterAll(async () => {
    await server?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  function cspViolations(page: Page): string[] {
    const seen: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
    });
    return seen;
  }

  test("does not run on a page with no framework JavaScript: no script, no onerror, no javascript: link", async ({
    page,
  }) => {
    const violations = cspViolations(page);
    const response = await page.goto(`${server.url}/${ARTICLE}`, { waitUntil: "load" });
    expect(await response?.text()).toContain(HOSTILE);
    await expect(page.locator("#hostile-image")).toBeAttached();
    await page.locator("#hostile-link").click();
    expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();
    await expect(page).not.toHaveTitle("pwned");
    // Refused by the policy (the script, the onerror handler, the link), not merely absent.
    await expect.poll(() => violations.length).toBeGreaterThanOrEqual(3);
  });

  test("does not run on a page React starts on, and React still starts", async ({ page }) => {
    cspViolations(page);
    await page.goto(`${server.url}/${GALLERY}`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();
    await expect(page).not.toHaveTitle("pwned");
  });

  test("does not run on a page with its own inline script, and that script still runs", async ({ page }) => {
    const violations = cspViolations(page);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(`${server.url}/about`, { waitUntil: "load" });
    expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();
    await expect(page).not.toHaveTitle("pwned");
    await expect.poll(() => violations.length).toBeGreaterThanOrEqual(1);
    // The slideshow's own lines, allowed by their hash, run.
    await page.getByRole("button", { name: "Next slide" }).click();
    await expect(page.locator('main [aria-roledescription="slide"]:not([hidden])')).toHaveAttribute(
      "aria-label",
      "2 of 14",
    );
  });
});
