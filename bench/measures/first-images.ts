import { firstScreenImageUrls } from "#app/images/warm-images.ts";
import { atMost, info, type Measurement, round } from "#bench/budgets.ts";
import { startServer } from "#bench/server-process.ts";

/**
 * One URL per image, as a browser picks from a srcset: AVIF (what Chromium asks for) at 800 px,
 * a phone's 390 px at 2x or a desktop card, or the widest offered when 800 is not.
 */
function asBrowserPicks(urls: string[]): string[] {
  const byImage = new Map<string, Array<{ url: string; width: number }>>();
  for (const url of urls) {
    const match = /^\/img\/([a-z0-9-]+)-(\d+)\/([a-z0-9_-]+)\.avif$/.exec(url);
    if (!match) continue;
    const key = `${match[1]}/${match[3]}`;
    byImage.set(key, [...(byImage.get(key) ?? []), { url, width: Number(match[2]) }]);
  }
  return [...byImage.values()].map((candidates) => {
    const sorted = candidates.sort((a, b) => a.width - b.width);
    return (sorted.find((c) => c.width === 800) ?? sorted[sorted.length - 1])?.url as string;
  });
}

/**
 * Every image on the first screen of `pages`, on a fresh data folder, right after `/readyz`
 * (issue 13: each <= 300 ms). Per page, its first-screen images are asked for at once, as a
 * browser does, one AVIF per image (asBrowserPicks). The server's first-screen warm-up has only
 * just started, so most are answered with a fallback while their AVIF is made.
 */
export async function measureFirstImages(port: number, pages: string[]): Promise<Measurement[]> {
  const server = await startServer(port);
  try {
    const ready = Date.now() + 60_000;
    while ((await fetch(`${server.url}/readyz`).catch(() => undefined))?.status !== 200) {
      if (Date.now() > ready) throw new Error("/readyz did not answer 200 within 60 s");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const times: number[] = [];
    let fallbacks = 0;
    for (const page of pages) {
      const html = await (await fetch(server.url + page)).text();
      const urls = asBrowserPicks([...new Set(firstScreenImageUrls(html))]);
      await Promise.all(
        urls.map(async (url) => {
          const started = performance.now();
          const response = await fetch(server.url + url, { headers: { Accept: "image/avif,image/webp,*/*" } });
          await response.arrayBuffer();
          times.push(performance.now() - started);
          if (response.headers.get("content-type") !== "image/avif") fallbacks++;
        }),
      );
    }
    times.sort((a, b) => a - b);
    const slowest = times.at(-1) ?? 0;
    const over = times.filter((ms) => ms > 300).length;
    return [
      atMost(
        "First-screen image after a fresh start: slowest",
        round(slowest),
        300,
        "ms",
        `${times.length} images on ${pages.length} pages; median ${round(times[Math.floor(times.length / 2)] ?? 0)} ms; ${over} over 300 ms`,
      ),
      info("First-screen images answered with a fallback", fallbacks, "", "JPEG/PNG while the AVIF is made"),
    ];
  } finally {
    await server.stop();
  }
}
