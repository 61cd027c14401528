import type { Page } from "@playwright/test";

/**
 * For a test that reads many pages' words or links, not their pictures: images, video, audio
 * and fonts are not fetched, so a crawl of the whole sitemap does not make the server derive
 * and send every picture on the site (most of its time and CPU).
 */
export async function withoutMedia(page: Page) {
  await page.route("**/*", (route) => {
    const type = route.request().resourceType();
    return type === "image" || type === "media" || type === "font" ? route.abort() : route.fallback();
  });
}
