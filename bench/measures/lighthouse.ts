import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { atLeast, atMost, info, type Measurement, median, round } from "#bench/budgets.ts";

const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
const chromeFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-dev-shm-usage",
];

interface RunResult {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  cls: number;
  tbt: number;
}

async function runOnce(url: string, port: number): Promise<RunResult> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error" });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcp: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    cls: audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    tbt: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
  };
}

/**
 * Opens each page once as Lighthouse's phone would (412 px wide at 1.75x), so the images it
 * needs are derived and cached first: the figures are for a site that has had a visitor since
 * it started, not for the first request after a deploy (docs/decisions/005).
 */
async function warmImages(baseUrl: string, paths: string[]) {
  const browser = await chromium.launch({ executablePath: chromePath, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const page = await browser.newPage({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
    });
    for (const path of paths) await page.goto(baseUrl + path, { waitUntil: "networkidle" });
  } finally {
    await browser.close();
  }
}

/** Lighthouse with its mobile defaults, three runs a page, the median of each figure. */
export async function measureLighthouse(baseUrl: string, paths: string[], runs = 3): Promise<Measurement[]> {
  await warmImages(baseUrl, paths);
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  const rows: Measurement[] = [];
  try {
    for (const path of paths) {
      const results: RunResult[] = [];
      for (let i = 0; i < runs; i++) results.push(await runOnce(baseUrl + path, chrome.port));
      const m = (key: keyof RunResult) => median(results.map((r) => r[key]));
      rows.push(
        atLeast(`Lighthouse performance ${path}`, m("performance"), 98),
        atLeast(`Lighthouse accessibility ${path}`, m("accessibility"), 100),
        atLeast(`Lighthouse best practices ${path}`, m("bestPractices"), 100),
        atLeast(`Lighthouse SEO ${path}`, m("seo"), 100),
        // Issue 13 asks 1.2 s on every public page (DESIGN.md allows 1.5 s).
        atMost(`LCP ${path}`, round(m("lcp") / 1000, 2), 1.2, "s"),
        atMost(`CLS ${path}`, round(m("cls"), 3), 0),
        info(`TBT ${path}`, round(m("tbt")), "ms"),
      );
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}
