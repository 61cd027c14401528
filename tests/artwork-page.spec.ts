import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./accessibility.ts";
import { gotoHydrated } from "./support/hydration.ts";

// The artwork page /art/:slug (docs/decisions/022): the whole work and its title on the first
// screen, the label as a definition list, provenance, the work drawn at scale, Previous/Next in
// the gallery's order, and the Zoom link. Read from the real catalogue in content/works.

const main = (page: Page) => page.getByRole("main");
const workImage = (page: Page, title: string) => main(page).getByRole("img", { name: title, exact: true });
const pager = (page: Page) => page.getByRole("navigation", { name: "Other works" });
const nextLink = (page: Page) => pager(page).getByRole("link", { name: /^Next: / });
const previousLink = (page: Page) => pager(page).getByRole("link", { name: /^Previous: / });

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not rendered");
  return found;
}

/** The label's term/value pairs, in order, as a visitor reads them. */
async function labelPairs(page: Page): Promise<[string, string][]> {
  return main(page)
    .locator("dl")
    .first()
    .evaluate((dl) =>
      [...dl.querySelectorAll("dt")].map((dt) => [
        dt.textContent?.trim() ?? "",
        dt.nextElementSibling?.textContent?.trim() ?? "",
      ]),
    );
}

/** A view of the gallery in its order, as GET /api/artworks gives it: one page of up to 120 (all 118 works). */
async function galleryOrder(request: APIRequestContext, query = ""): Promise<{ slug: string; title: string }[]> {
  const response = await request.get(`/api/artworks${query ? `${query}&` : "?"}per=120`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { cards: { slug: string; title: string }[] }).cards;
}

async function expectWholeWorkAndTitleOnFirstScreen(page: Page, title: string) {
  const viewport = page.viewportSize()!;
  const image = await box(workImage(page, title));
  const heading = await box(page.getByRole("heading", { level: 1 }));
  expect(image.y).toBeGreaterThanOrEqual(0);
  expect(image.y + image.height).toBeLessThanOrEqual(viewport.height);
  expect(image.x + image.width).toBeLessThanOrEqual(viewport.width);
  expect(heading.y + heading.height).toBeLessThanOrEqual(viewport.height);
  // Never cropped: drawn at the picture's own proportions (the originals are 10:7).
  expect(image.width / image.height).toBeCloseTo(10 / 7, 1);
  return { image, heading };
}

test.describe("first screen", () => {
  test("at 1280 x 800 the whole work sits beside its title", { tag: "@desktop" }, async ({ page }) => {
    await page.goto("/art/the-trinket-maker");
    const { image, heading } = await expectWholeWorkAndTitleOnFirstScreen(page, "The Trinket Maker");
    expect(heading.x).toBeGreaterThan(image.x + image.width);
    // Large enough to look at, not a thumbnail: most of the width the label leaves.
    expect(image.width).toBeGreaterThan(700);
    // `sizes` matches the layout: the browser picks the smallest derived width that covers it.
    const picked = await workImage(page, "The Trinket Maker").evaluate((img: HTMLImageElement) =>
      Number(/artworks-(\d+)\//.exec(img.currentSrc)?.[1]),
    );
    expect(picked).toBeGreaterThanOrEqual(image.width);
    expect(picked).toBeLessThan(image.width * 1.6);
  });

  test("at 390 the work is full width with the title right under it", { tag: "@phone" }, async ({ page }) => {
    await page.goto("/art/the-trinket-maker");
    const { image, heading } = await expectWholeWorkAndTitleOnFirstScreen(page, "The Trinket Maker");
    expect(image.width).toBeGreaterThan(page.viewportSize()!.width - 40);
    expect(heading.y).toBeGreaterThan(image.y + image.height);
    expect(heading.y - (image.y + image.height)).toBeLessThan(40);
  });
});

test.describe("first screen on a 1024 x 768 touch screen", () => {
  test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

  test("the whole work and its title are on the first screen", { tag: "@desktop" }, async ({ page }) => {
    await page.goto("/art/a-door-in-the-canopy");
    const { image, heading } = await expectWholeWorkAndTitleOnFirstScreen(page, "A Door in the Canopy");
    expect(heading.x).toBeGreaterThan(image.x + image.width);
  });
});

test.describe("label", { tag: "@desktop" }, () => {
  test("a work in an edition of 8: every fact as a term and its value", async ({ page }) => {
    await page.goto("/art/a-door-in-the-canopy");
    const pairs = await labelPairs(page);
    expect(pairs.map(([term]) => term)).toEqual([
      "Year",
      "Series",
      "Medium",
      "Printed size",
      "Edition",
      "Blockchain",
      "Availability",
      "Mint Address",
      "Secondary Market",
    ]);
    const facts = Object.fromEntries(pairs);
    expect(facts["Printed size"]).toBe("78 x 55 in (200 x 140 cm)");
    expect(facts.Edition).toBe("Edition of 8");
    expect(facts.Medium).toMatch(/^Digital painting/);
    expect(facts["Mint Address"]).toBe("View on Blockchain");
    expect(facts["Secondary Market"]).toBe("View Listing");
    await expectNoSeriousA11yViolations(page);
  });

  test("a work with no Additional information: the record's facts and the catalogue's size, no edition", async ({
    page,
  }) => {
    await page.goto("/art/gathering-rain");
    expect(await labelPairs(page)).toEqual([
      ["Year", "2022"],
      ["Series", "The Return (2021-2022)"],
      ["Printed size", "78 x 55 in (200 x 140 cm)"],
      ["Blockchain", "Ethereum"],
      ["Availability", "Sold"],
      ["Mint Address", "View on Blockchain"],
      ["Secondary Market", "View Listing"],
    ]);
    await expect(page.getByRole("heading", { name: "About the work" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Provenance" })).toHaveCount(0);
  });

  test("the Trinket Maker's sale reads as provenance and no raw section labels show", async ({ page }) => {
    await page.goto("/art/the-trinket-maker");
    const provenance = page.getByRole("region", { name: "Provenance" });
    await expect(provenance.getByRole("listitem")).toHaveCount(1);
    await expect(provenance.getByRole("listitem")).toHaveText(
      /Auction sale\s*Sotheby's Hong Kong, Contemporary Discoveries, March 2023\s*Lot 1147\s*Estimate: HK\$40,000-60,000/,
    );
    const facts = Object.fromEntries(await labelPairs(page));
    expect(facts["Token minted"]).toBe("9 February 2023");
    expect(facts.Edition).toBe("Unique");
    const about = page.getByRole("region", { name: "About the work" });
    await expect(about).toContainText("The Trinket Maker sits at a bench of tiny drawers");
    const text = (await main(page).textContent()) ?? "";
    for (const raw of ["Description:", "Additional information:", "Sale:", "Fair:"]) expect(text).not.toContain(raw);
  });

  test("a fair reads as provenance too", async ({ page }) => {
    await page.goto("/art/five-days-in-the-dark");
    const provenance = page.getByRole("region", { name: "Provenance" });
    await expect(provenance.getByRole("listitem")).toHaveText(/Art fair\s*Art Basel Miami Beach, December 2023\./);
    expect((await main(page).textContent()) ?? "").not.toContain("Fair:");
  });
});

test.describe("view at scale", () => {
  test("draws the work at 200 x 140 cm beside a 170 cm figure", async ({ page }) => {
    await page.goto("/art/the-trinket-maker");
    await page.getByRole("link", { name: "View at scale" }).click();
    await expect(page).toHaveURL(/#view-at-scale$/);
    const panel = page.getByRole("region", { name: "View at scale" });
    await expect(panel).toBeInViewport();
    await expect(panel.getByText("Shown at scale beside a figure 170 cm tall")).toBeVisible();
    for (const mark of ["200 cm", "140 cm", "170 cm"])
      await expect(panel.getByText(mark, { exact: true })).toBeVisible();
    const work = await box(panel.locator('[data-scale="work"] img'));
    const figure = await box(panel.locator('[data-scale="figure"]'));
    expect(Math.abs(work.width / work.height / (200 / 140) - 1)).toBeLessThan(0.02);
    expect(Math.abs(figure.height / work.height / (170 / 140) - 1)).toBeLessThan(0.02);
    // Both stand on the same wall: the figure's feet are below the work's lower edge.
    expect(figure.y + figure.height).toBeGreaterThan(work.y + work.height);
    // The work's own picture, loaded.
    await expect
      .poll(() => panel.locator('[data-scale="work"] img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  });
});

test.describe("Previous and Next", () => {
  test("follow the gallery's default order; the first and last works have one link each", async ({ page, request }) => {
    const order = await galleryOrder(request);
    const [first, second] = order;
    const [last, beforeLast] = [order.at(-1)!, order.at(-2)!];

    await page.goto(`/art/${first!.slug}`);
    await expect(previousLink(page)).toHaveCount(0);
    await expect(pager(page).getByText("Previous")).toBeVisible();
    // The dimmed end of the pager is still text a visitor must be able to read.
    await expectNoSeriousA11yViolations(page);
    await expect(nextLink(page)).toHaveAttribute("href", `/art/${second!.slug}`);
    await expect(nextLink(page)).toHaveAccessibleName(`Next: ${second!.title}`);
    await nextLink(page).click();
    await expect(page).toHaveURL(new RegExp(`/art/${second!.slug}$`));
    await expect(previousLink(page)).toHaveAttribute("href", `/art/${first!.slug}`);

    await page.goto(`/art/${last.slug}`);
    await expect(nextLink(page)).toHaveCount(0);
    await expect(pager(page).getByText("Next")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expect(previousLink(page)).toHaveAttribute("href", `/art/${beforeLast.slug}`);
  });

  test("coming from a filtered gallery, they walk that view and Back to Gallery returns to it", async ({
    page,
    request,
  }) => {
    const view = "?series=Visions&chain=Solana";
    const filtered = await galleryOrder(request, view);
    const [first, second, third] = filtered;
    // The filtered order differs from the default one here, so the test can tell them apart.
    const byDefault = await galleryOrder(request);
    const defaultNext = byDefault[byDefault.findIndex((w) => w.slug === first!.slug) + 1];
    expect(defaultNext?.slug).not.toBe(second!.slug);

    await gotoHydrated(page, `/art${view}`);
    await main(page).getByRole("listitem").first().getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/art/${first!.slug}$`));
    await expect(nextLink(page)).toHaveAttribute("href", `/art/${second!.slug}`);
    // The first work of the view: nothing before it in this view, though the catalogue has some.
    await expect(previousLink(page)).toHaveCount(0);

    await nextLink(page).click();
    await expect(page).toHaveURL(new RegExp(`/art/${second!.slug}$`));
    await expect(previousLink(page)).toHaveAttribute("href", `/art/${first!.slug}`);
    await expect(nextLink(page)).toHaveAttribute("href", `/art/${third!.slug}`);
    await nextLink(page).click();
    await expect(page).toHaveURL(new RegExp(`/art/${third!.slug}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(third!.title);

    await page.getByRole("link", { name: "← Back to Gallery" }).click();
    await expect(page).toHaveURL(new RegExp(`/art\\${view}$`));
    await expect(main(page).getByRole("listitem")).toHaveCount(filtered.length);
  });
});

test.describe("Zoom, structured data and the 404", () => {
  test("the work links to its zoom page under an accessible name", async ({ page }) => {
    await page.goto("/art/the-trinket-maker");
    const zoom = page.getByRole("link", { name: "Zoom into The Trinket Maker" });
    await expect(zoom).toHaveAttribute("href", "/art/the-trinket-maker/zoom");
    await expect(zoom.getByText("Zoom", { exact: true })).toBeVisible();
    // The largest image on the first screen stays the page's priority image.
    await expect(workImage(page, "The Trinket Maker")).toHaveAttribute("fetchpriority", "high");
  });

  test("JSON-LD, title and meta description are kept; the description summary has no section label @desktop", async ({
    request,
  }) => {
    const html = await (await request.get("/art/the-trinket-maker")).text();
    expect(html).toContain("<title>The Trinket Maker - Umbra</title>");
    expect(html).toMatch(/<script type="application\/ld\+json">\{[^<]*"@type":"VisualArtwork"/);
    expect(html).toContain(
      '<meta name="description" content="The Trinket Maker sits at a bench of tiny drawers, each one holding a seed, a key or a sleeping animal."/>',
    );
  });

  test("an unknown slug is still the 404 page @desktop", async ({ page }) => {
    const response = await page.goto("/art/no-such-work");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Artwork not found");
    await expect(pager(page)).toHaveCount(0);
  });
});

test.describe("With JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the page is complete: label, provenance, drawing, Previous/Next and Zoom", async ({ page, request }) => {
    const order = await galleryOrder(request);
    const index = order.findIndex((w) => w.slug === "the-trinket-maker");
    await page.goto("/art/the-trinket-maker");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Trinket Maker");
    expect(Object.fromEntries(await labelPairs(page))["Printed size"]).toBe("78 x 55 in (200 x 140 cm)");
    await expect(page.getByRole("region", { name: "Provenance" })).toContainText("Lot 1147");
    await expect(page.getByRole("region", { name: "View at scale" }).locator('[data-scale="work"] img')).toBeAttached();
    await expect(nextLink(page)).toHaveAttribute("href", `/art/${order[index + 1]!.slug}`);
    await expect(previousLink(page)).toHaveAttribute("href", `/art/${order[index - 1]!.slug}`);
    await expect(page.getByRole("link", { name: "Zoom into The Trinket Maker" })).toBeVisible();
    await nextLink(page).click();
    await expect(page).toHaveURL(new RegExp(`/art/${order[index + 1]!.slug}$`));
  });
});

// Requests only, the same at any width: run once.
test.describe("GET /api/artworks/neighbours", { tag: "@desktop" }, () => {
  const get = (request: APIRequestContext, query: string) => request.get(`/api/artworks/neighbours?${query}`);

  test("answers a view's neighbours as slug and title", async ({ request }) => {
    const filtered = await galleryOrder(request, "?series=Visions&chain=Solana");
    const response = await get(request, `slug=${filtered[1]!.slug}&series=Visions&chain=Solana`);
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({
      previous: { slug: filtered[0]!.slug, title: filtered[0]!.title },
      next: { slug: filtered[2]!.slug, title: filtered[2]!.title },
    });
  });

  test("refuses bad input with a 4xx and a sentence", async ({ request }) => {
    const cases: [string, number, RegExp][] = [
      ["slug=no-such-work", 404, /There is no work "no-such-work"/],
      ["slug=the-trinket-maker&series=Secrets", 404, /not in this view of the gallery/],
      ["", 400, /^slug: is required/],
      [`slug=${encodeURIComponent("../../etc/passwd")}`, 400, /^slug: must be a work's address name/],
      ["slug=The-Trinket-Maker", 400, /^slug: must be a work's address name/],
      ["slug=the-trinket-maker&sort=sideways", 400, /^sort: must be "newest" or "oldest"/],
      ["slug=the-trinket-maker&page=2", 400, /Unknown parameter page/],
      ["slug=the-trinket-maker&slug=moss-oracle", 400, /slug is given twice/],
      [`slug=the-trinket-maker&series=${"x".repeat(101)}`, 400, /^series: must be at most 100 characters/],
      [`slug=the-trinket-maker&q=${"a".repeat(3000)}`, 400, /The query is too long/],
    ];
    for (const [query, status, message] of cases) {
      const response = await get(request, query);
      expect(response.status(), query.slice(0, 60)).toBe(status);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
  });
});
