import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./accessibility";

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

test.describe("editorial pages: titles and headings", () => {
  for (const p of pages) {
    test(`${p.path} has its title, one h1 and its section headings`, async ({ page }) => {
      await page.goto(p.path);
      await expect(page).toHaveTitle(p.title);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.h1);
      await expect(page.locator("main#main")).toHaveCount(1);
      for (const h2 of p.h2 ?? []) {
        await expect(page.locator("main").getByRole("heading", { level: 2, name: h2, exact: true })).toBeVisible();
      }
    });
  }

  test("every article and interview page shows its title, byline and date", async ({ page }) => {
    for (const p of longFormPaths) {
      await page.goto(p);
      const h1 = page.getByRole("heading", { level: 1 });
      await expect(h1).toHaveCount(1);
      const heading = (await h1.textContent()) ?? "";
      expect(heading.length).toBeGreaterThan(3);
      await expect(page).toHaveTitle(`${heading} - Umbra`);
      await expect(page.locator("main").getByText(/^(By|Interview by) .+/)).toBeVisible();
      await expect(page.locator("main time")).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    }
  });

  test("the Amazon diary says it is a shorter stand-in", async ({ page }) => {
    await page.goto("/articles/the-amazon-diaries-a-month-studying-plant-spirits");
    await expect(page.getByText(/shorter stand-in for the full diary of about 12,000 words/)).toBeVisible();
  });

  test("an unknown article is a 404 page", async ({ request }) => {
    expect((await request.get("/articles/no-such-article")).status()).toBe(404);
    expect((await request.get("/interviews/no-such-interview")).status()).toBe(404);
  });
});

test.describe("About page content", () => {
  test("has 14 slides, a pull quote, 6 prints and six feature cards to the exhibitions and /art", async ({ page }) => {
    await page.goto("/about");
    await expect(page.locator('main [aria-roledescription="slide"]')).toHaveCount(14);
    await expect(page.locator("main blockquote")).toHaveCount(1);
    await expect(page.getByRole("region", { name: "Limited edition prints" }).getByRole("img")).toHaveCount(6);
    const readMore = page.getByRole("link", { name: /^Read More/ });
    await expect(readMore).toHaveCount(6);
    const targets = await readMore.evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(targets.sort()).toEqual(
      [
        "/art",
        "/exhibitions/art-basel-miami-2023",
        "/exhibitions/icva-partnership-2025",
        "/exhibitions/residency-in-the-amazon-peru-2025",
        "/exhibitions/solo-exhibition-london-2024",
        "/exhibitions/sothebys-hong-kong-2023",
      ].sort(),
    );
    await expect(page.locator("main")).toContainText("1988");
  });

  // Resizes the viewport itself, so it runs once.
  test("print tiles are 250, 220, 180 and 150 px high at the SPEC.md breakpoints", { tag: "@desktop" }, async ({
    page,
  }) => {
    await page.goto("/about");
    const tile = page.getByRole("region", { name: "Limited edition prints" }).getByRole("listitem").first();
    for (const [width, height] of [
      [1280, 250],
      [1100, 220],
      [700, 180],
      [400, 150],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(async () => (await tile.boundingBox())?.height).toBe(height);
    }
  });
});

test.describe("About slideshow", () => {
  const caption = (page: Page) => page.getByTestId("slide-caption");
  const slideshow = (page: Page) => page.getByRole("region", { name: "Exhibitions, studio and prints" });

  /**
   * Installs the fake clock, waits for autoplay, then pauses the clock and restarts the slide
   * timer (focus in and out) so the next advance is exactly 5 s away. Returns the current caption.
   */
  async function openWithClock(page: Page): Promise<string> {
    await page.clock.install();
    await page.goto("/about");
    await expect(slideshow(page)).toHaveAttribute("data-autoplay", "running");
    // A little ahead of the page clock, which keeps running until paused.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 3000));
    await page.getByRole("button", { name: "Next slide" }).focus();
    await expect(slideshow(page)).toHaveAttribute("data-autoplay", "stopped");
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(0, 0);
    await expect(slideshow(page)).toHaveAttribute("data-autoplay", "running");
    return (await caption(page).textContent()) ?? "";
  }

  const currentSlide = (page: Page) => page.locator('main [aria-roledescription="slide"]:not([hidden])');

  test("advances every 5 seconds and wraps from the 14th slide to the first", async ({ page }) => {
    const start = await openWithClock(page);
    const startLabel = await currentSlide(page).getAttribute("aria-label");
    const startIndex = Number(startLabel?.split(" ")[0]);
    await page.clock.runFor(4900);
    await expect(caption(page)).toHaveText(start);
    await page.clock.runFor(200);
    await expect(caption(page)).not.toHaveText(start);
    await expect(currentSlide(page)).toHaveAttribute("aria-label", `${(startIndex % 14) + 1} of 14`);
    // Run on to the 14th slide, then one more step wraps to the first.
    await page.clock.runFor(5000 * (14 - ((startIndex % 14) + 1)));
    await expect(currentSlide(page)).toHaveAttribute("aria-label", "14 of 14");
    await page.clock.runFor(5000);
    await expect(currentSlide(page)).toHaveAttribute("aria-label", "1 of 14");
  });

  // Hover is a desktop interaction.
  test("pauses while hovered or focused and on the pause button", { tag: "@desktop" }, async ({ page }) => {
    const start = await openWithClock(page);
    await slideshow(page).hover();
    await expect(slideshow(page)).toHaveAttribute("data-autoplay", "stopped");
    await page.clock.runFor(12_000);
    await expect(caption(page)).toHaveText(start);
    await page.mouse.move(0, 0);
    await page.clock.runFor(5000);
    await expect(caption(page)).not.toHaveText(start);
    const second = (await caption(page).textContent()) ?? "";

    await page.getByRole("button", { name: "Pause slideshow" }).focus();
    await page.clock.runFor(12_000);
    await expect(caption(page)).toHaveText(second);
    await page.getByRole("button", { name: "Pause slideshow" }).click();
    // Focus and pointer leave; the pause button alone keeps it stopped.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(0, 0);
    await page.clock.runFor(12_000);
    await expect(caption(page)).toHaveText(second);
    await expect(page.getByRole("button", { name: "Play slideshow" })).toBeVisible();
  });

  test("previous and next buttons move one slide and wrap", async ({ page }) => {
    // Reduced motion keeps autoplay from moving the slide between clicks.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/about");
    // Hydrated: reduced motion has turned autoplay off.
    await expect(page.getByRole("button", { name: "Play slideshow" })).toBeDisabled();
    await page.getByRole("button", { name: "Previous slide" }).click();
    await expect(page.getByRole("group", { name: "14 of 14" })).toBeVisible();
    await page.getByRole("button", { name: "Next slide" }).click();
    await expect(page.getByRole("group", { name: "1 of 14" })).toBeVisible();
    await page.getByRole("button", { name: "Next slide" }).click();
    await expect(page.getByRole("group", { name: "2 of 14" })).toBeVisible();
  });

  test("does not auto-advance when the visitor prefers reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await page.goto("/about");
    await expect(page.getByRole("button", { name: "Play slideshow" })).toBeDisabled();
    await page.mouse.move(0, 0);
    await page.clock.runFor(20_000);
    await expect(currentSlide(page)).toHaveAttribute("aria-label", "1 of 14");
    await expect(slideshow(page)).toHaveAttribute("data-autoplay", "stopped");
  });
});

test.describe("lightbox", () => {
  test("opens one image on click with its alt text, closes with the button and Escape, no previous/next", async ({
    page,
  }) => {
    await page.goto("/exhibitions/art-basel-miami-2023");
    const gallery = page.getByRole("list", { name: "Residency photographs" });
    await expect(gallery.getByRole("link")).toHaveCount(12);
    const first = gallery.getByRole("link").first();
    // Until hydration a click opens the full-size JPEG itself (the no-JavaScript path).
    await expect(first).toHaveAttribute("data-enhanced", "true");
    const alt = await first.locator("img").getAttribute("alt");
    expect(alt).toBeTruthy();

    await first.click();
    const viewer = page.getByRole("dialog", { name: "Image viewer" });
    await expect(viewer).toBeVisible();
    await expect(viewer.locator("img")).toHaveCount(1);
    // The image may still be loading (hidden until it has); its alt text comes from the page.
    await expect(viewer.locator("img")).toHaveAttribute("alt", alt!);
    await expect(viewer.getByRole("button", { name: /previous/i })).toHaveCount(0);
    await expect(viewer.getByRole("button", { name: /next/i })).toHaveCount(0);
    await page.keyboard.press("ArrowRight");
    await expect(viewer.locator("img")).toHaveCount(1);
    await expect(viewer.locator("img")).toHaveAttribute("alt", alt!);

    await viewer.getByRole("button", { name: "Close" }).click();
    await expect(viewer).toBeHidden();
    await expect(first).toBeFocused();

    await gallery.getByRole("link").nth(3).click();
    await expect(viewer).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
  });

  test("each gallery image links to its full-size JPEG without JavaScript", async ({ page, request }) => {
    await page.goto("/exhibitions/sothebys-hong-kong-2023");
    const links = page.getByRole("list", { name: "Auction photographs" }).getByRole("link");
    await expect(links).toHaveCount(3);
    const href = await links.first().getAttribute("href");
    const response = await request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/jpeg");
  });
});

test.describe("exhibition details", () => {
  test("Solo London lists the 12 works, 12 documentation photos and the catalogue PDF with its real size", async ({
    page,
    request,
  }) => {
    await page.goto("/exhibitions/solo-exhibition-london-2024");
    const works = page.getByRole("region", { name: "The twelve works" }).getByRole("link");
    await expect(works).toHaveCount(12);
    await expect(works.first()).toHaveAttribute("href", "/art/the-bedroom-explorer");
    await expect(page.getByRole("link", { name: "The Magician's Chest", exact: true })).toHaveAttribute(
      "href",
      "/art/the-magicians-chest",
    );
    await expect(page.getByRole("list", { name: "Exhibition documentation" }).getByRole("link")).toHaveCount(12);

    const download = page.getByRole("link", { name: /Download the catalogue/ });
    await expect(download).toHaveAttribute("href", "/files/umbra-secrets-catalogue-full.pdf");
    const pdf = await request.get("/files/umbra-secrets-catalogue-full.pdf");
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const body = await pdf.body();
    expect(body.subarray(0, 5).toString()).toBe("%PDF-");
    const stated =
      body.length >= 1_000_000 ? `${(body.length / 1_000_000).toFixed(1)} MB` : `${Math.round(body.length / 1000)} KB`;
    await expect(download).toHaveText(`Download the catalogue (PDF, ${stated})`);
  });

  test("Peru has an audio player whose MP4 recording answers 200, and links the diary", async ({ page, request }) => {
    await page.goto("/exhibitions/residency-in-the-amazon-peru-2025");
    const source = page.locator("main audio source");
    await expect(source).toHaveAttribute("type", "audio/mp4");
    const src = await source.getAttribute("src");
    const audio = await request.get(src!);
    expect(audio.status()).toBe(200);
    expect(audio.headers()["content-type"]).toBe("audio/mp4");
    expect((await audio.body()).subarray(4, 8).toString()).toBe("ftyp");
    await expect(page.getByRole("link", { name: /Amazon Diaries/ })).toHaveAttribute(
      "href",
      "/articles/the-amazon-diaries-a-month-studying-plant-spirits",
    );
  });

  test("Auction has two outbound links, three images and notes in English and Chinese", async ({ page }) => {
    await page.goto("/exhibitions/sothebys-hong-kong-2023");
    const outbound = page.locator('main a[href^="https://"]');
    await expect(outbound).toHaveCount(2);
    await expect(outbound.first()).toHaveAttribute("target", "_blank");
    await expect(page.locator('main [lang="en"]')).toContainText("Lot 1147");
    await expect(page.locator('main [lang^="zh"]')).toContainText("1147");
    await expect(page.getByRole("link", { name: "The Trinket Maker", exact: true })).toHaveAttribute(
      "href",
      "/art/the-trinket-maker",
    );
  });

  test("Miami lists three firsts; Partnership shows the institute's logo", async ({ page }) => {
    await page.goto("/exhibitions/art-basel-miami-2023");
    await expect(page.getByRole("region", { name: "Three firsts" }).getByRole("listitem")).toHaveCount(3);
    await page.goto("/exhibitions/icva-partnership-2025");
    await expect(page.getByRole("img", { name: "Institute of Contemporary Visionary Art logo" })).toBeVisible();
  });

  test("Prices and Contact show SPEC.md's facts", async ({ page }) => {
    await page.goto("/prices");
    await expect(page.locator("main")).toContainText("From $1,000");
    await expect(page.locator("main")).toContainText("From $5,000");
    await expect(page.getByRole("link", { name: "Contact for pricing" })).toHaveAttribute("href", "/contact");
    await page.goto("/contact");
    await expect(page.locator("main figcaption")).toContainText("Assistant Director");
    await expect(page.locator("main form")).toHaveCount(0);
  });
});

test.describe("links", () => {
  // The same links on both layouts: crawled once.
  test("every internal link on every editorial page (and home) answers 200", { tag: "@desktop" }, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const seeds = ["/", ...pages.map((p) => p.path), ...longFormPaths];
    const found = new Map<string, string>();
    for (const seed of seeds) {
      await page.goto(seed);
      const hrefs = await page.locator("a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
      for (const href of hrefs) {
        if (!href.startsWith("/") || href.startsWith("//")) continue;
        const target = href.split("#")[0]!;
        if (target && !found.has(target)) found.set(target, seed);
      }
    }
    // The CV's and the pages' links to articles and interviews are among them.
    for (const p of longFormPaths) expect(found.has(p), `${p} is linked from some page`).toBe(true);

    // Links into areas other branches build (/art, /quotes) are checked once those routes are
    // merged here; until then they are listed as an annotation rather than silently passing.
    const routeFiles = fs.readdirSync(path.resolve("app/routes"));
    const notYetMerged = (target: string) => {
      const area = target.split("/")[1] ?? "";
      return (
        ["art", "quotes"].includes(area) && !routeFiles.some((f) => f.startsWith(`${area}.`) || f === `${area}.tsx`)
      );
    };
    const pending = [...found.keys()].filter(notYetMerged);
    if (pending.length > 0) test.info().annotations.push({ type: "not yet merged", description: pending.join(", ") });

    const broken: string[] = [];
    for (const [target, from] of found) {
      if (notYetMerged(target)) continue;
      const status = (await request.get(target)).status();
      if (status !== 200) broken.push(`${target} (linked from ${from}) -> ${status}`);
    }
    expect(broken).toEqual([]);
  });

  test("the CV's one external interview stays an external link", async ({ page }) => {
    await page.goto("/cv");
    const interviews = page.getByRole("region", { name: "Interviews" });
    await expect(interviews.locator('a[href^="http"]')).toHaveCount(1);
    await expect(interviews.locator('a[href^="/interviews/"]')).toHaveCount(11);
    const articles = page.getByRole("region", { name: "Articles/Catalogues/Publications" });
    await expect(articles.locator('a[href="/articles/the-boy-and-the-plant"]')).toHaveCount(2);
  });
});

test.describe("accessibility", () => {
  for (const p of pages) {
    test(`${p.path} has no serious axe violations`, async ({ page }) => {
      await page.goto(p.path);
      await expectNoSeriousA11yViolations(page);
    });
  }

  // One shared template: checked on desktop.
  test("article and interview pages have no serious axe violations", { tag: "@desktop" }, async ({ page }) => {
    test.setTimeout(120_000);
    for (const p of longFormPaths) {
      await page.goto(p);
      await expectNoSeriousA11yViolations(page);
    }
  });

  test("the open lightbox has no serious axe violations", async ({ page }) => {
    await page.goto("/exhibitions/art-basel-miami-2023");
    const first = page.getByRole("list", { name: "Residency photographs" }).getByRole("link").first();
    await expect(first).toHaveAttribute("data-enhanced", "true");
    await first.click();
    await expect(page.getByRole("dialog", { name: "Image viewer" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
