import { type APIRequestContext, expect, test } from "@playwright/test";
import { withoutMedia } from "./support/text-only.ts";

// Issue "a finished site": no page says it is unfinished. Every page the sitemap lists is read
// as a visitor sees it (document.body.innerText: visible text, not attributes or comments).
// The pages are split into shards, each its own test, so the workers share the crawl.

const UNFINISHED =
  /\b(stand-ins?|stand in (?:text|interview|recording)|placeholders?|shorter version|lorem|fictional|TODO)\b/i;
const SHARDS = 4;

async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  const xml = await response.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
}

test.describe("finished wording", { tag: "@desktop" }, () => {
  test("the sitemap lists every kind of page", async ({ request }) => {
    const paths = await sitemapPaths(request);
    for (const expected of [
      "/",
      "/about",
      "/exhibitions",
      "/cv",
      "/art/the-new-god",
      "/exhibitions/residency-in-the-amazon-peru-2025",
    ]) {
      expect(paths).toContain(expected);
    }
    expect(paths.some((p) => p.startsWith("/articles/"))).toBe(true);
    expect(paths.some((p) => p.startsWith("/interviews/"))).toBe(true);
  });

  for (let shard = 0; shard < SHARDS; shard++) {
    test(`no sitemap page says stand-in, placeholder, shorter version, lorem, fictional or TODO (part ${shard + 1} of ${SHARDS})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const paths = (await sitemapPaths(request)).filter((_, i) => i % SHARDS === shard);
      expect(paths.length).toBeGreaterThan(5);
      await withoutMedia(page);
      const found: string[] = [];
      for (const path of paths) {
        const response = await page.goto(path, { waitUntil: "domcontentloaded" });
        expect(response?.status(), path).toBe(200);
        // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, hidden parts left out, is the point.
        const text = await page.evaluate(() => `${document.title}\n${document.body.innerText}`);
        const match = UNFINISHED.exec(text);
        if (match) found.push(`${path}: "…${text.slice(Math.max(0, match.index - 40), match.index + 40)}…"`);
      }
      expect(found, "pages with unfinished wording").toEqual([]);
    });
  }
});
