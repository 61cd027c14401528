import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { atMost, info, type Measurement, median, round } from "#bench/budgets.ts";
import { repoRoot } from "#bench/server-process.ts";

/** Writes an X archive `tweets.js` with `count` posts and imports it into `dataDir`. */
export function importQuotes(dataDir: string, count: number) {
  const posts = Array.from({ length: count }, (_, i) => ({
    tweet: {
      id_str: String(9_000_000_000 + i),
      full_text: `Bench quote ${i + 1}: the studio light moves and the painting answers in its own time.`,
      created_at: new Date(Date.UTC(2013, 0, 1) + i * 3_600_000).toUTCString(),
    },
  }));
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "umbra-archive-")), "tweets.js");
  fs.writeFileSync(file, `window.YTD.tweets.part0 = ${JSON.stringify(posts)}`);
  execFileSync(process.execPath, ["--import", "tsx", "scripts/import-quotes.ts", file], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
}

/**
 * The admin screen with 20,000 quotes (imported before the server started): time from
 * navigation start until the first row's checkbox is live (React has attached its handlers),
 * and the requests one pointer drag across 100 rows makes.
 */
export async function measureAdminList(baseUrl: string, cookie: string): Promise<Measurement[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const at = pair.indexOf("=");
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl };
      }),
    );
    const page = await context.newPage();
    // Time to interactive, median of three loads (the first after start-up includes warming up).
    const loads: number[] = [];
    for (let i = 0; i < 3; i++) {
      await page.goto(`${baseUrl}/admin/quotes`, { waitUntil: "commit" });
      // Strings, not functions: tsx's name-keeping helpers do not exist inside the page.
      loads.push(
        (await page.evaluate(`new Promise((resolve) => {
          const check = () => {
            const box = document.querySelector('[data-quote-id] input[type="checkbox"]');
            if (box && Object.keys(box).some((k) => k.startsWith("__reactProps"))) resolve(performance.now());
            else requestAnimationFrame(check);
          };
          check();
        })`)) as number,
      );
    }
    const interactiveMs = median(loads);
    const total = await page
      .locator("[data-quote-id]")
      .first()
      .evaluate(() => document.querySelectorAll("[data-quote-id]").length);

    let requests = 0;
    page.on("request", (request) => {
      if (request.method() === "PATCH" && request.url().includes("/api/admin/quotes")) requests++;
    });
    const first = page.locator('[data-quote-id] input[type="checkbox"]').first();
    const box = (await first.boundingBox())!;
    const x = box.x + box.width / 2;
    await page.mouse.move(x, box.y + box.height / 2);
    await page.mouse.down();
    const seen = new Set<string>();
    let y = box.y + box.height / 2;
    for (let steps = 0; seen.size < 100 && steps < 2000; steps++) {
      y += 20;
      if (y > 760) {
        await page.mouse.wheel(0, 500);
        await page.waitForTimeout(50);
        y -= 500;
      }
      await page.mouse.move(x, y);
      const id = (await page.evaluate(
        `document.elementFromPoint(${x}, ${y})?.closest("[data-quote-id]")?.dataset.quoteId`,
      )) as string | undefined;
      if (id) seen.add(id);
    }
    await page.mouse.up();
    await page.waitForTimeout(1500);
    return [
      info("Admin list: rows rendered of 20,000 (virtualised)", total),
      atMost(
        "Admin list with 20,000 quotes: interactive",
        round(interactiveMs / 1000, 2),
        1,
        "s",
        `median of ${loads.map((ms) => round(ms / 1000, 2)).join(", ")} s`,
      ),
      atMost(`Admin list: requests for one drag across ${seen.size} rows`, requests, 1),
    ];
  } finally {
    await browser.close();
  }
}
