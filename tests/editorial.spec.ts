import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./accessibility.ts";
import { hrefsOf } from "./support/server-html.ts";

const contentDir = path.resolve("content");
const slugsOf = (kind: string) =>
  fs
    .readdirSync(path.join(contentDir, kind))
    .filter((f) => f.endsWith(".md"))
    .map((f) => f.slice(0, -3));
const articleSlugs = slugsOf("articles");
const interviewSlugs = slugsOf("interviews");

/** Each page this issue builds: its path, exact title and h1. */
const pages: { path: string; title: string; h1: string; h2?: string[] }[] = [
  {
    path: "/about",
    title: "About - Umbra",
    h1: "About Umbra",
    h2: ["Practice", "Academia", "Exhibitions", "Residencies"],
  },
  {
    path: "/cv",
    title: "CV - Umbra",
    h1: "CV",
    h2: [
      "Education",
      "Solo Exhibitions",
      "Group Exhibitions",
      "Artist Residency",
      "Auction House Sales",
      "Articles/Catalogues/Publications",
      "Interviews",
    ],
  },
  { path: "/prices", title: "Prices - Umbra", h1: "Prices", h2: ["Original Artworks", "Commissioned Works"] },
  { path: "/merch", title: "Merch - Umbra", h1: "Merch" },
  { path: "/contact", title: "Contact - Umbra", h1: "We'd love to connect with you." },
  {
    path: "/exhibitions/solo-exhibition-london-2024",
    title: "Solo Exhibition: London, 2024 - Umbra",
    h1: "Secrets: Solo Exhibition, London (2024)",
  },
  {
    path: "/exhibitions/art-basel-miami-2023",
    title: "Art Basel Miami 2023: Artist Residency - Umbra",
    h1: "Art Basel Miami 2023: Artist Residency",
    h2: [
      "The Artist Residency",
      "An Opaque Chamber",
      "The Public Engagement",
      "Anonymity and Authenticity",
      "Medicine For The Soul",
      "In Between Two Worlds",
    ],
  },
  {
    path: "/exhibitions/sothebys-hong-kong-2023",
    title: "Sotheby's Auction 2023: Contemporary Discoveries - Umbra",
    h1: "Sotheby's Auction 2023: Contemporary Discoveries",
  },
  {
    path: "/exhibitions/residency-in-the-amazon-peru-2025",
    title: "Shipibo Visions: Peru, 2024 - Umbra",
    h1: "Shipibo Visions: Peru, 2024",
    h2: ["The Amazon Diaries", "Icaro Songs", "Naturalist Ideals", "The Dieta", "Exhibition Plans"],
  },
  {
    path: "/exhibitions/icva-partnership-2025",
    title: "Institute of Contemporary Visionary Art Partnership - Umbra",
    h1: "Institute of Contemporary Visionary Art Partnership",
  },
  { path: "/articles", title: "Articles - Umbra", h1: "Articles" },
  { path: "/interviews", title: "Interviews - Umbra", h1: "Interviews" },
];

const longFormPaths = [...articleSlugs.map((s) => `/articles/${s}`), ...interviewSlugs.map((s) => `/interviews/${s}`)];

/** A long-form page's header: one h1 that is its title, a byline and a date. */
async function expectLongFormHeader(page: Page, p: string) {
  const h1 = page.getByRole("heading", { level: 1 });
  await expect(h1, p).toHaveCount(1);
  const heading = (await h1.textContent()) ?? "";
  expect(heading.length, p).toBeGreaterThan(3);
  await expect(page).toHaveTitle(`${heading} - Umbra`);
  await expect(page.locator("main").getByText(/^(By|Interview by) .+/), p).toBeVisible();
  await expect(page.locator("main time"), p).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
}

test.describe("editorial pages: titles, headings and accessibility", () => {
  // One page load serves both checks, each its own step: the title and headings, then axe.
  for (const p of pages) {
    test(`${p.path} has its title, one h1, its section headings and no serious axe violations`, async ({ page }) => {
      await page.goto(p.path);
      await test.step("title, one h1 and section headings", async () => {
        await expect(page).toHaveTitle(p.title);
        await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.h1);
        await expect(page.locator("main#main")).toHaveCount(1);
        for (const h2 of p.h2 ?? []) {
          await expect(page.locator("main").getByRole("heading", { level: 2, name: h2, exact: true })).toBeVisible();
        }
      });
      await test.step("no serious axe violations", () => expectNoSeriousA11yViolations(page));
    });
  }

  // One shared template. Its axe check runs on desktop, in the same visit as the header check.
  test("every article and interview page shows its title, byline and date, with no serious axe violations", {
    tag: "@desktop",
  }, async ({ page }) => {
    test.setTimeout(300_000);
    for (const p of longFormPaths) {
      await page.goto(p);
      await expectLongFormHeader(page, p);
      await expectNoSeriousA11yViolations(page);
    }
  });

  test("every article and interview page shows its title, byline and date", { tag: "@phone" }, async ({ page }) => {
    for (const p of longFormPaths) {
      await page.goto(p);
      await expectLongFormHeader(page, p);
    }
  });

  test("the Amazon diary is the full twelve-week diary, with no note about a shorter text @desktop", async ({
    page,
  }) => {
    await page.goto("/articles/the-amazon-diaries-a-month-studying-plant-spirits");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Twelve Weeks/);
    await expect(
      page.locator("main").getByRole("heading", { level: 2, name: "Day eighty-four", exact: true }),
    ).toBeVisible();
    await expect(page.locator("main").getByText(/stand-in/)).toHaveCount(0);
  });

  // Requests only, the same at any width: run once.
  test("an unknown article is a 404 page", { tag: "@desktop" }, async ({ request }) => {
    expect((await request.get("/articles/no-such-article")).status()).toBe(404);
    expect((await request.get("/interviews/no-such-interview")).status()).toBe(404);
  });
});

test.describe("links", () => {
  // The same links on both layouts: crawled once.
  // The links are in the server-rendered answers: read from them, not from 28 page loads (issue 38).
  test("every internal link on every editorial page (and home) answers 200", { tag: "@desktop" }, async ({
    request,
  }) => {
    test.setTimeout(120_000);
    const seeds = ["/", ...pages.map((p) => p.path), ...longFormPaths];
    const found = new Map<string, string>();
    for (const seed of seeds) {
      const answer = await request.get(seed);
      expect(answer.status(), seed).toBe(200);
      for (const href of hrefsOf(await answer.text())) {
        if (!href.startsWith("/") || href.startsWith("//")) continue;
        const target = href.split("#")[0] ?? "";
        if (target && !found.has(target)) found.set(target, seed);
      }
    }
    // The CV's and the pages' links to articles and interviews are among them.
    for (const p of longFormPaths) expect(found.has(p), `${p} is linked from some page`).toBe(true);

    const broken: string[] = [];
    for (const [target, from] of found) {
      const status = (await request.get(target)).status();
      if (status !== 200) broken.push(`${target} (linked from ${from}) -> ${status}`);
    }
    expect(broken).toEqual([]);
  });

  test("the CV's one external interview stays an external link @desktop", async ({ page }) => {
    await page.goto("/cv");
    const interviews = page.getByRole("region", { name: "Interviews" });
    await expect(interviews.locator('a[href^="http"]')).toHaveCount(1);
    await expect(interviews.locator('a[href^="/interviews/"]')).toHaveCount(11);
    const articles = page.getByRole("region", { name: "Articles/Catalogues/Publications" });
    await expect(articles.locator('a[href="/articles/the-boy-and-the-plant"]')).toHaveCount(2);
  });
});

test.describe("accessibility", () => {
  test("the open lightbox has no serious axe violations", async ({ page }) => {
    await page.goto("/exhibitions/art-basel-miami-2023");
    const first = page.getByRole("list", { name: "Residency photographs" }).getByRole("link").first();
    await first.click();
    await expect(page.getByRole("dialog", { name: "Image viewer" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
