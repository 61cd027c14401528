import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { ImageTarget, imageRoute } from "./image-route.ts";

/** Images per page counted as its first screen: the preloaded one and the first pictures. */
const FIRST_SCREEN_PICTURES = 3;
/** Below this share of busy event loop the process counts as idle, and warming goes on. */
const IDLE_UTILIZATION = 0.2;
/** Quiet samples in a row before each encode (4 x 250 ms: a quiet second). */
const QUIET_SAMPLES = 4;

/**
 * The image URLs on each prerendered page's first screen, in page order: the `<link
 * rel="preload" as="image">` and the srcsets of its first pictures.
 */
export function firstScreenImageUrls(html: string): string[] {
  const urls: string[] = [];
  const preload = /<link\b[^>]*\brel="preload"[^>]*>/gi;
  for (const tag of html.match(preload) ?? []) {
    if (/\bas="image"/.test(tag)) urls.push(...urlsIn(tag));
  }
  const pictures = html.match(/<picture\b[\s\S]*?<\/picture>/gi) ?? [];
  for (const picture of pictures.slice(0, FIRST_SCREEN_PICTURES)) urls.push(...urlsIn(picture));
  return urls;
}

function urlsIn(markup: string): string[] {
  return [...markup.matchAll(/\/img\/[a-z0-9-]+\/[a-z0-9_-]+\.(?:avif|webp|jpg|png)/g)].map((match) => match[0]);
}

/** The same text in a string of its own, holding no larger string it was cut from. */
function unsliced(text: string): string {
  return Buffer.from(text, "utf8").toString("utf8");
}

/** Every prerendered page's index.html under the build's client folder. */
function prerenderedFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const files: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== "assets" && entry.name !== "img") files.push(...prerenderedFiles(full));
    else if (entry.name === "index.html") files.push(full);
  }
  return files;
}

/**
 * What to warm, most wanted first: AVIF (what browsers ask for) at the phone widths, then the
 * wider AVIF, then the JPEG/PNG fallbacks, then WebP. Duplicates are dropped.
 */
export function warmOrder(targets: ImageTarget[]): ImageTarget[] {
  const rank = (t: ImageTarget) =>
    t.format === "avif" ? (t.width <= 800 ? 0 : 1) : t.format === "jpg" || t.format === "png" ? 2 : 3;
  const seen = new Set<string>();
  const unique = targets.filter((t) => {
    const key = `${t.collection}/${t.name}/${t.width}/${t.format}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  // Stable: page order is kept within each rank.
  return unique
    .map((t, i) => ({ t, i }))
    .sort((a, b) => rank(a.t) - rank(b.t) || a.i - b.i)
    .map(({ t }) => t);
}

/**
 * Waits for a quiet second: under load the visitors' own requests come first, and a short lull
 * between bursts does not start an encode that would run on into the next burst.
 */
export async function waitForQuiet(sampleMs: number, signal?: AbortSignal): Promise<void> {
  let utilization = performance.eventLoopUtilization();
  for (let quiet = 0; quiet < QUIET_SAMPLES && !signal?.aborted; ) {
    await new Promise((resolve) => setTimeout(resolve, sampleMs).unref());
    const now = performance.eventLoopUtilization(utilization);
    utilization = performance.eventLoopUtilization();
    quiet = now.utilization < IDLE_UTILIZATION ? quiet + 1 : 0;
  }
}

/** Whether `error` says the disk is full (a write's ENOSPC, or libvips' words for it in a child). */
export function isDiskFull(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === "ENOSPC" || /ENOSPC|No space left on device/i.test(String(message));
}

export interface Log {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * Derives the first-screen images of every prerendered page in the background after start
 * (decision 017), one encode at a time in the encoder's lowest lane, and only while the process
 * is otherwise idle (event loop under 20 % busy for a second), so it never competes with visitors. Progress
 * goes to the log every `progressEveryMs` and when done. Returns when finished (or stopped).
 */
export async function warmFirstScreenImages(options: {
  clientDir: string;
  images: ReturnType<typeof imageRoute>;
  logger: Log;
  progressEveryMs?: number;
  /** How often the event loop is sampled for idleness (tests shorten it). */
  sampleMs?: number;
  signal?: AbortSignal;
}): Promise<{ derived: number; total: number; ms: number }> {
  const { images, logger, progressEveryMs = 10_000, sampleMs = 250, signal } = options;
  const started = performance.now();
  // Each distinct target once, as found: a page's srcsets name one image a dozen times, and with
  // 12,000 works collecting every mention first held ~600 MB of duplicates.
  const targets = new Map<string, ImageTarget>();
  for (const file of prerenderedFiles(path.resolve(options.clientDir))) {
    for (const url of new Set(firstScreenImageUrls(fs.readFileSync(file, "utf8")))) {
      const [, , folder = "", name = ""] = url.split("/");
      const target = images.targetOf(folder, name);
      if (target && target !== "unmatched") {
        // Every size and format of that image: which one a browser picks depends on its screen.
        for (const format of ["avif", target.transparent ? "png" : "jpg", "webp"] as const) {
          const key = `${target.collection}/${target.name}/${target.width}/${format}`;
          if (targets.has(key)) continue;
          // Copies: V8 keeps a substring as a slice of its page's whole HTML, so a kept name
          // would keep every page read here alive (~600 MB with 12,000 works).
          const [collection, name] = [target.collection, target.name].map(unsliced) as [string, string];
          targets.set(unsliced(key), { ...target, collection, name, format });
        }
      }
    }
  }
  const order = warmOrder([...targets.values()]);
  targets.clear();
  logger.info({ images: order.length }, "warming first-screen images");
  let derived = 0;
  let lastReport = performance.now();
  for (const target of order) {
    if (signal?.aborted) break;
    if (images.isOnDisk(target)) {
      derived++;
      continue;
    }
    await waitForQuiet(sampleMs, signal);
    try {
      await images.ensureDerived(target, "warm");
      derived++;
    } catch (error) {
      logger.warn({ err: error, image: `${target.collection}/${target.name}` }, "could not warm an image");
      // A full disk fails every next encode too: stop, and leave the space to what visitors need.
      if (isDiskFull(error)) break;
    }
    if (performance.now() - lastReport >= progressEveryMs) {
      lastReport = performance.now();
      logger.info({ derived, total: order.length, ms: Math.round(lastReport - started) }, "warming images");
    }
  }
  const result = { derived, total: order.length, ms: Math.round(performance.now() - started) };
  logger.info(result, "first-screen images warm");
  return result;
}
