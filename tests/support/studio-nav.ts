import type { Locator, Page } from "@playwright/test";

/**
 * The studio's navigation with its screens on view: below 880 px they sit in its "Menu", which
 * is opened first; wider, they are the row of tabs.
 */
export async function studioNav(page: Page): Promise<Locator> {
  const nav = page.getByRole("navigation", { name: "Admin" });
  const menu = nav.locator("details");
  if (
    (await menu.locator("summary").isVisible()) &&
    !(await menu.evaluate((details: HTMLDetailsElement) => details.open))
  )
    await menu.locator("summary").click();
  return nav;
}
