import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";

// Issue 41's visitor side in a real browser, at 1280 (desktop) and 390 (phone): subscribe to
// Icaro prints on Prices, only the confirmation mail is in the outbox, its link subscribes; and
// the same without JavaScript from /subscribe.
const outbox = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");

/** The outbox's messages to an address (the sender writes one JSON file per message). */
function mailTo(address: string): { to: string; subject: string; text: string }[] {
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((file) => file.endsWith(".json"))
    .map((file) => JSON.parse(fs.readFileSync(path.join(outbox, file), "utf8")))
    .filter((message) => message.to === address);
}

async function confirmationLink(address: string): Promise<string> {
  await expect.poll(() => mailTo(address).length, { timeout: 20_000 }).toBe(1);
  const confirmLink = /https?:\/\/\S+\/subscribe\/confirm\/[A-Za-z0-9_-]{43}/;
  const text = mailTo(address)[0]?.text ?? "";
  expect(text, "the confirmation carries its link").toMatch(confirmLink);
  return new URL(confirmLink.exec(text)?.[0] as string).pathname;
}

async function shoot(
  page: Page,
  name: string,
  testInfo: { project: { name: string }; outputPath: (n: string) => string },
) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`), fullPage: false });
}

test("subscribe to Icaro prints on Prices: only a confirmation until its link is opened", async ({
  page,
}, testInfo) => {
  const address = `icaro-${testInfo.project.name}-${Date.now()}@umbra.test`;
  await page.goto("/prices");
  const form = page.locator("[data-subscribe-form]");
  await form.scrollIntoViewIfNeeded();
  await expect(form.getByRole("checkbox", { name: "Icaro prints" })).toBeChecked();
  await expect(form).toContainText("No tracking pixels");
  await shoot(page, "prices-subscribe", testInfo);
  await form.getByLabel("Email address").fill(address);
  await form.getByRole("button", { name: "Subscribe" }).click();
  const answer = page.locator("[data-subscribe-status]");
  await expect(answer).toContainText("Check your inbox", { timeout: 15_000 });
  await expect(answer).toBeFocused();
  expect(page.url()).toMatch(/\/prices$/);
  await shoot(page, "prices-subscribed", testInfo);

  const link = await confirmationLink(address);
  expect(mailTo(address)[0]?.subject).toMatch(/Confirm your subscription/);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "You're subscribed" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Icaro prints" })).toBeVisible();
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This link did not work" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
  expect(mailTo(address)).toHaveLength(1);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the /subscribe page posts, answers Check your inbox, and the link subscribes", async ({ page }, testInfo) => {
    const address = `plain-${testInfo.project.name}-${Date.now()}@umbra.test`;
    await page.goto("/subscribe?topic=new-work");
    await shoot(page, "subscribe-page", testInfo);
    await page.getByLabel("Email address").fill("not an address");
    // The form token is refused younger than 3 s: a person takes longer.
    await page.waitForTimeout(3_200);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Email address").fill(address);
    await page.waitForTimeout(3_200);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await shoot(page, "subscribe-page-sent", testInfo);
    await page.goto(await confirmationLink(address));
    await expect(page.getByRole("heading", { name: "You're subscribed" })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "New work and exhibitions" })).toBeVisible();
  });
});
