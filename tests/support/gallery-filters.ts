import type { Page } from "@playwright/test";

/** The gallery's "Filter" button: shown below 960 px, where the five controls wait behind it. */
export function galleryFilterToggle(page: Page) {
  return page.locator('summary[aria-controls="gallery-filters"]');
}

/**
 * Shows the gallery's controls, as a visitor on a phone would by tapping "Filter" first; on a
 * wide screen they are always shown and this does nothing.
 */
export async function showGalleryFilters(page: Page) {
  const toggle = galleryFilterToggle(page);
  // isVisible does not wait: right after a navigation the toggle may not be parsed yet, and a
  // phone would then be taken for a wide screen. The form comes after it in the page.
  await page.locator("form#gallery-filters").waitFor({ state: "attached" });
  if (!(await toggle.isVisible())) return;
  const open = await toggle.evaluate((summary) => (summary.parentElement as HTMLDetailsElement).open);
  if (!open) await toggle.click();
  // The controls must then be shown (a CI run measured them before they were, and got no box).
  await page.locator("form#gallery-filters select").first().waitFor({ state: "visible" });
}

/**
 * What assistive technology is told about the Filter button, from Chromium's accessibility tree:
 * a <summary> is a disclosure button with an expanded state (Playwright's role queries do not
 * model <summary>, so they cannot check it).
 */
export async function filterToggleAccessibility(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send("Accessibility.getFullAXTree");
    const node = nodes.find((n) => n.role?.value === "DisclosureTriangle" && /^Filter/.test(String(n.name?.value)));
    const expanded = node?.properties?.find((p) => p.name === "expanded")?.value.value;
    return { name: node?.name?.value, expanded };
  } finally {
    await cdp.detach();
  }
}
