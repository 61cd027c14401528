import type { Page } from "@playwright/test";

/**
 * Opens a page and waits until React has started on it. Gallery, About, exhibitions, quotes and
 * contact hydrate after the load event (decision 011); a test of what only works with React
 * waits for that, as a visitor's first tap would.
 */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return response;
}
