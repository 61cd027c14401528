import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { ImageFormat } from "#app/images/image-catalog.ts";
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

/** Every prerendered page's index.html under the build's client folder, read a folder at a time. */
async function* prerenderedFiles(dir: string): AsyncGenerator<string> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== "assets" && entry.name !== "img") yield* prerenderedFiles(full);
    else if (entry.name === "index.html") yield full;
  }
}

/** Most wanted first: AVIF (what browsers ask for) at the phone widths, the wider AVIF, the JPEG/PNG fallbacks, WebP. */
const rankOf = (t: ImageTarget) =>
  t.format === "avif" ? (t.width <= 800 ? 0 : 1) : t.format === "jpg" || t.format === "png" ? 2 : 3;
const RANKS = 4;

/**
 * Images to warm, each once, in rank order and within a rank in the order added. Held as one
 * short string each, not as objects: 12,000 works' first screens are ~144,000 images, and the
 * queue lives as long as warming does (decision 050).
 */
export class WarmQueue {
  private ranks: string[][] = Array.from({ length: RANKS }, () => []);
  private readonly seen = new Set<string>();

  add(target: ImageTarget): void {
    const key = [target.collection, target.name, target.width, target.format, target.transparent ? 1 : 0].join("\t");
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.ranks[rankOf(target)]?.push(key);
  }

  get size(): number {
    return this.seen.size;
  }

  /** Takes every target out, most wanted first, each let go once taken. */
  *drain(): Generator<ImageTarget> {
    const ranks = this.ranks;
    this.ranks = Array.from({ length: RANKS }, () => []);
    this.seen.clear();
    for (const keys of ranks) {
      for (let i = 0; i < keys.length; i++) {
        const [collection = "", name = "", width = "0", format = "avif", transparent] = (keys[i] ?? "").split("\t");
        keys[i] = "";
        yield {
          collection,
          name,
          width: Number(width),
          format: format as ImageFormat,
          transparent: transparent === "1",
        };
      }
    }
  }
}

/** `targets` in warming order (WarmQueue's), duplicates dropped. */
export function warmOrder(targets: ImageTarget[]): ImageTarget[] {
  const queue = new WarmQueue();
  for (const target of targets) queue.add(target);
  return [...queue.drain()];
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
  // Each distinct target once, as found: a page's srcsets name one image a dozen times. Read a
  // file at a time off the event loop, so a start's /readyz and first visitors are not held up
  // (12,000 pages took 5 s of one blocked loop).
  const queue = new WarmQueue();
  for await (const file of prerenderedFiles(path.resolve(options.clientDir))) {
    if (signal?.aborted) break;
    for (const url of new Set(firstScreenImageUrls(await fs.promises.readFile(file, "utf8")))) {
      const [, , folder = "", name = ""] = url.split("/");
      const target = images.targetOf(folder, name);
      if (!target || target === "unmatched") continue;
      // Every size and format of that image: which one a browser picks depends on its screen.
      // (The queue's keys are new strings: no slice of a page's HTML is kept.)
      for (const format of ["avif", target.transparent ? "png" : "jpg", "webp"] as const)
        queue.add({ ...target, format });
    }
  }
  const total = queue.size;
  logger.info({ images: total }, "warming first-screen images");
  let derived = 0;
  let lastReport = performance.now();
  for (const target of queue.drain()) {
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
      logger.info({ derived, total: total, ms: Math.round(lastReport - started) }, "warming images");
    }
  }
  const result = { derived, total: total, ms: Math.round(performance.now() - started) };
  logger.info(result, "first-screen images warm");
  return result;
}
