import zlib from "node:zlib";
import { chromium } from "@playwright/test";
import { atMost, info, type Measurement, round } from "#bench/budgets.ts";

const launchOptions = {
  executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
};

/**
 * JavaScript on first load of each page, as gzip (level 6, what the server's compression sends):
 * every script the page loads until the network is idle, fetched again and compressed here so
 * the figure does not depend on which encoding the browser negotiated. Static pages carry the
 * budget. Interactive pages (gallery, About, exhibitions, quotes) start React after the load
 * event (decision 011): their total is reported with the part fetched before that event.
 */
export async function measureJavaScript(baseUrl: string, paths: string[]): Promise<Measurement[]> {
  const browser = await chromium.launch(launchOptions);
  const rows: Measurement[] = [];
  try {
    for (const path of paths) {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      const scripts = new Set<string>();
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.add(request.url());
      });
      await page.goto(baseUrl + path, { waitUntil: "networkidle" });
      const startedBeforeLoad = new Set(
        await page.evaluate(() => {
          const { loadEventStart } = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
          return performance
            .getEntriesByType("resource")
            .filter((entry) => entry.startTime < loadEventStart)
            .map((entry) => entry.name);
        }),
      );
      let total = 0;
      let beforeLoad = 0;
      for (const url of scripts) {
        const body = Buffer.from(await (await fetch(url)).arrayBuffer());
        const bytes = zlib.gzipSync(body, { level: 6 }).length;
        total += bytes;
        if (startedBeforeLoad.has(url)) beforeLoad += bytes;
      }
      const interactive = [...scripts].some((url) => /\/assets\/entry\.client-/.test(url));
      const name = `JavaScript first load ${path} (gzip)`;
      const kb = (bytes: number) => round(bytes / 1024, 1);
      rows.push(
        interactive
          ? info(name, kb(total), "KB", `interactive: React after the load event; ${kb(beforeLoad)} KB before it`)
          : atMost(name, kb(total), 100, "KB", `${scripts.size} file${scripts.size === 1 ? "" : "s"}, no framework`),
      );
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/**
 * Bytes on the wire (as transferred, compressed) for everything the page needs to first render
 * at phone width: what the browser requested before the load event (document, CSS, scripts and
 * the images in view; lazy images below the fold are not fetched, as for a visitor). What
 * starts after it (React on interactive pages, decision 011) is reported beside the figure.
 */
export async function measureFirstRenderBytes(baseUrl: string, path: string): Promise<Measurement> {
  const browser = await chromium.launch(launchOptions);
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    const types = new Map<string, string>();
    const urls = new Map<string, string>();
    const finished: { requestId: string; bytes: number }[] = [];
    cdp.on("Network.requestWillBeSent", (event) => urls.set(event.requestId, event.request.url));
    cdp.on("Network.responseReceived", (event) => types.set(event.requestId, event.type));
    cdp.on("Network.loadingFinished", (event) =>
      finished.push({ requestId: event.requestId, bytes: event.encodedDataLength }),
    );
    await page.goto(baseUrl + path, { waitUntil: "networkidle" });
    // What the first render needs was requested before the load event began; deferred React was
    // requested by a load event listener.
    const beforeLoad = new Set(
      await page.evaluate(() => {
        const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        return [
          navigation.name,
          ...performance
            .getEntriesByType("resource")
            .filter((entry) => entry.startTime < navigation.loadEventStart)
            .map((entry) => entry.name),
        ];
      }),
    );
    const byType: Record<string, number> = {};
    let after = 0;
    for (const { requestId, bytes } of finished) {
      if (!beforeLoad.has(urls.get(requestId) ?? "")) after += bytes;
      else {
        const type = types.get(requestId) ?? "Other";
        byType[type] = (byType[type] ?? 0) + bytes;
      }
    }
    const total = Object.values(byType).reduce((sum, n) => sum + n, 0);
    const detail = Object.entries(byType)
      .map(([type, n]) => `${type} ${round(n / 1024, 1)} KB`)
      .join(", ");
    return atMost(
      `Bytes to first render ${path}`,
      round(total / 1024, 1),
      500,
      "KB",
      `${detail}; after the load event ${round(after / 1024, 1)} KB`,
    );
  } finally {
    await browser.close();
  }
}
