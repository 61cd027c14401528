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
  if (!(await toggle.isVisible())) return;
  const open = await toggle.evaluate((summary) => (summary.parentElement as HTMLDetailsElement).open);
  if (!open) await toggle.click();
}
