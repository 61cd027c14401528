import fs from "node:fs";
import path from "node:path";
import { type CaseResult, checker, type TrafficCase, watchedRow } from "./case.ts";
import { folderMb, root, startServer, watchMemory } from "./server.ts";
import { sleep, visit, visitorsDuring } from "./visitors.ts";

const COLD_DESCRIPTORS = 30;
const FLOOD_WORKERS = 12;
const FLOOD_MS = 15_000;
// How long the zoom page keeps asking (app/components/wait-for-descriptor.ts: two minutes).
const ZOOM_PATIENCE_MS = 120_000;

/** The works' slugs, from the content folder (one Markdown file per work). */
export function workSlugs(): string[] {
  return fs
    .readdirSync(path.join(root, "content/works"))
    .filter((file) => file.endsWith(".md"))
    .map((file) => file.slice(0, -3))
    .sort();
}

/** The Deep Zoom descriptor a work's zoom page asks for (its URL carries the version). */
export async function descriptorOf(base: string, slug: string): Promise<string | undefined> {
  const html = await (await fetch(`${base}/art/${slug}/zoom`)).text();
  return /\/img\/zoom\/[a-z0-9-]+\.[0-9a-f]{10}\.dzi/.exec(html)?.[0];
}

/**
 * Case 5 of issue 26: 30 cold zoom descriptors requested at once, with a rotating AVIF/WebP
 * flood of cold image sizes beside them. Another visitor's zoom must answer within 10 s, page
 * visitors within 5 s, and every image answer be an image or a 503 with Retry-After, at once.
 */
export const zoomBurst: TrafficCase = {
  name: `5 zoom burst (${COLD_DESCRIPTORS} cold .dzi + AVIF/WebP flood)`,
  async run(port): Promise<CaseResult> {
    const server = await startServer({ port });
    const { check, failures } = checker();
    const notes: string[] = [];
    try {
      const slugs = workSlugs();
      const descriptors: string[] = [];
      for (const slug of slugs.slice(0, COLD_DESCRIPTORS + 1)) {
        const url = await descriptorOf(server.url, slug);
        if (url) descriptors.push(url);
      }
      check(descriptors.length === COLD_DESCRIPTORS + 1, `only ${descriptors.length} zoom pages named a descriptor`);
      const images = await floodUrls(server.url, slugs);
      check(images.length > 0, "no image addresses found for the flood");
      const rssBefore = server.rssMb();
      const diskBefore = folderMb(server.dataDir);
      const memory = watchMemory(server);
      const visitors = visitorsDuring(server.url, ["/", "/about", "/quotes"]);

      const burst = descriptors.slice(0, COLD_DESCRIPTORS).map((d) => visit(server.url, d, { timeoutMs: 30_000 }));
      const flood = runFlood(server.url, images);
      await sleep(1_000);
      const visitorDescriptor = descriptors[COLD_DESCRIPTORS] ?? "/";
      const visitorZoom = await visit(server.url, visitorDescriptor, { timeoutMs: 15_000 });
      notes.push(`visitor's zoom: ${visitorZoom.status || visitorZoom.error} in ${visitorZoom.ms} ms`);
      // Answered at once: the zoom itself, or "being prepared, ask again" (the zoom page shows the
      // work's picture with "Preparing the zoom" and asks again after Retry-After).
      check(
        (visitorZoom.status === 200 || (visitorZoom.status === 503 && Boolean(visitorZoom.retryAfter))) &&
          visitorZoom.ms <= 10_000,
        `a visitor's zoom got ${visitorZoom.status || "no answer"} after ${(visitorZoom.ms / 1000).toFixed(1)} s (200, or 503 with Retry-After, within 10 s)`,
      );
      const shown = visitorZoom.status === 200 ? visitorZoom : await askAgainUntilReady(server.url, visitorDescriptor);
      notes.push(`visitor's zoom shown after ${((visitorZoom.ms + shown.ms) / 1000).toFixed(1)} s`);
      check(
        shown.status === 200,
        `a visitor's zoom was still not there after ${ZOOM_PATIENCE_MS / 1000} s of asking again`,
      );
      const floodAnswers = await flood;
      const burstAnswers = await Promise.all(burst);
      const seen = await visitors.stop();
      const rssAfter = server.rssMb();
      memory.stop();

      const slowBurst = Math.max(...burstAnswers.map((b) => b.ms));
      notes.push(
        `burst: ${burstAnswers.filter((b) => b.status === 200).length} x 200, ${burstAnswers.filter((b) => b.status === 503).length} x 503, slowest ${slowBurst} ms`,
      );
      const bad = floodAnswers.filter(
        (a) => !(a.status === 200 || (a.status === 503 && a.retryAfter)) || a.ms > 10_000,
      );
      notes.push(
        `flood: ${floodAnswers.length} requests, ${floodAnswers.filter((a) => a.status === 503).length} x 503, slowest ${Math.max(0, ...floodAnswers.map((a) => a.ms))} ms`,
      );
      check(
        bad.length === 0,
        `${bad.length} flood answers were neither an image nor a 503 with Retry-After within 10 s`,
      );
      check(
        seen.failures.length === 0,
        `${seen.failures.length} page visitors got no answer within 5 s or a 5xx: ${seen.described.slice(0, 3).join("; ")}`,
      );
      // Image work takes memory by design (and the warm-up runs beside it): shown, not judged.
      return watchedRow(
        this.name,
        server,
        { seen, rssMb: { before: rssBefore, peak: memory.peak(), after: rssAfter }, diskBeforeMb: diskBefore },
        { failures, notes },
      );
    } finally {
      await server.stop();
    }
  },
};

/** As the zoom page does after a 503: wait what Retry-After says, ask again, up to its patience. */
async function askAgainUntilReady(base: string, path: string) {
  const began = Date.now();
  let last = await visit(base, path, { timeoutMs: 15_000 });
  while (last.status !== 200 && Date.now() - began < ZOOM_PATIENCE_MS) {
    await sleep(Math.min(10, Number(last.retryAfter) || 2) * 1000);
    last = await visit(base, path, { timeoutMs: 15_000 });
  }
  return { ...last, ms: Date.now() - began };
}

/** Cold image addresses: each work's images from its page, in AVIF and WebP at every size named. */
async function floodUrls(base: string, slugs: string[]): Promise<string[]> {
  const found = new Set<string>();
  for (const slug of slugs.slice(-12)) {
    const html = await (await fetch(`${base}/art/${slug}`)).text();
    for (const [, folder, name] of html.matchAll(/\/img\/([a-z]+-\d+)\/([a-z0-9-]+)\.(?:avif|webp|jpg)/g)) {
      for (const format of ["avif", "webp"]) found.add(`/img/${folder}/${name}.${format}`);
    }
  }
  // Rotating: no two neighbours the same size and format.
  return [...found].sort(
    (a, b) =>
      a
        .split("/")
        .pop()
        ?.localeCompare(b.split("/").pop() ?? "") ?? 0,
  );
}

async function runFlood(base: string, urls: string[]) {
  const answers: { status: number; ms: number; retryAfter: boolean }[] = [];
  const until = Date.now() + FLOOD_MS;
  let next = 0;
  await Promise.all(
    Array.from({ length: FLOOD_WORKERS }, async () => {
      while (Date.now() < until) {
        const url = urls[next++ % urls.length] as string;
        const began = Date.now();
        const response = await fetch(`${base}${url}`, {
          headers: { Accept: "image/avif,image/webp,*/*" },
          signal: AbortSignal.timeout(30_000),
        }).catch(() => undefined);
        await response?.arrayBuffer().catch(() => undefined);
        answers.push({
          status: response?.status ?? 0,
          ms: Date.now() - began,
          retryAfter: Boolean(response?.headers.get("retry-after")),
        });
      }
    }),
  );
  return answers;
}
