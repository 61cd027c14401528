import { type Browser, expect, type Page } from "@playwright/test";
import { unusedCode } from "../totp.ts";
import { processAdmin } from "./server-process.ts";

/** The admin login form's first step: email and password, from the page at `at`. */
export async function signInWithPassword(page: Page, at: string) {
  await page.goto(at);
  await page.getByLabel("Email").fill(processAdmin.email);
  await page.getByLabel("Password").fill(processAdmin.password);
  await page.getByRole("button", { name: "Login" }).click();
}

/** The second step: a code from the authenticator the server has not accepted yet. */
export async function enterCode(page: Page, secret: string) {
  await page.getByLabel("Code").fill(await unusedCode(secret));
  await page.getByRole("button", { name: "Verify" }).click();
}

export interface EnrolledStudio {
  /** The authenticator's secret, for codes at later sign-ins. */
  secret: string;
  /** A signed-in (password and second factor) browser state, for `storageState`. */
  stateFile: string;
}

/**
 * Signs the server's process admin in, enrols an authenticator ("Studio phone") and saves the
 * signed-in state. `landing` is an admin page that needs the second factor: before enrolment it
 * must point to where one is added, after it show its heading `heading`. The state goes to `stateFile`.
 */
export async function enrolStudio(
  browser: Browser,
  serverUrl: string,
  landing: { path: string; heading: string },
  stateFile: string,
): Promise<EnrolledStudio> {
  const context = await browser.newContext({ baseURL: serverUrl, storageState: { cookies: [], origins: [] } });
  try {
    const page = await context.newPage();
    await signInWithPassword(page, landing.path);
    // Without a second factor the page is closed, and says where to add one.
    await expect(page.getByRole("link", { name: "Add an authenticator app" })).toBeVisible();
    await page.goto("/admin/security");
    await page.getByLabel("Name", { exact: true }).fill("Studio phone");
    await page.getByLabel("Password").fill(processAdmin.password);
    await page.getByRole("button", { name: "Add Authenticator App" }).click();
    const secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
    await page.getByLabel("Code from the app").fill(await unusedCode(secret));
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("list", { name: "Factors" })).toContainText("Studio phone");
    // Enrolment gave this browser a new session, now with the second factor: the page opens.
    await page.goto(landing.path);
    await expect(page.getByRole("heading", { name: landing.heading, level: 1 })).toBeVisible();
    await context.storageState({ path: stateFile });
    return { secret, stateFile };
  } finally {
    await context.close();
  }
}
