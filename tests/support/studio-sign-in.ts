import { expect, type Page, request } from "@playwright/test";
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
 *
 * By plain requests, as a browser without JavaScript sends the forms: this is every studio spec's
 * set-up, and four page loads in Chromium per spec cost CI more than the server's start (issue 38).
 * The enrolment screens themselves are tested in a browser by admin.spec.ts.
 */
export async function enrolStudio(
  serverUrl: string,
  landing: { path: string; heading: string },
  stateFile: string,
): Promise<EnrolledStudio> {
  const context = await request.newContext({
    baseURL: serverUrl,
    extraHTTPHeaders: { Origin: serverUrl },
    storageState: { cookies: [], origins: [] },
  });
  const form = (at: string, fields: Record<string, string>) => context.post(at, { form: fields, maxRedirects: 0 });
  try {
    const signedIn = await form("/admin/quotes", { intent: "login", ...processAdmin });
    expect(signedIn.status(), "signing in with the password").toBe(302);
    // Without a second factor the page is closed, and says where to add one.
    expect(await (await context.get(landing.path)).text()).toContain("Add an authenticator app");
    const password = processAdmin.password;
    const enrol = await form("/admin/security", { intent: "enrol", name: "Studio phone", password });
    const secret = /data-testid="totp-secret">([A-Z2-7]+=*)</.exec(await enrol.text())?.[1] ?? "";
    expect(secret, "the security page shows the new authenticator's secret").not.toBe("");
    const confirmed = await form("/admin/security", {
      intent: "confirm",
      name: "Studio phone",
      code: await unusedCode(secret),
    });
    expect(confirmed.status(), "confirming the authenticator").toBe(302);
    // Enrolment gave this client a new session, now with the second factor: the page opens.
    const opened = await context.get(landing.path);
    expect(opened.status()).toBe(200);
    expect(await opened.text()).toMatch(new RegExp(`<h1[^>]*>${landing.heading}</h1>`));
    await context.storageState({ path: stateFile });
    return { secret, stateFile };
  } finally {
    await context.dispose();
  }
}
