import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";

/**
 * What one derivative is: its source (an original's path, or a stand-in's SVG drawing), the
 * width to resize to (never enlarged) and the encoder and its options. Plain data, so it can
 * cross to the encoder process.
 */
export interface EncodeRecipe {
  input: { file: string } | { svg: string };
  /** Resize to this width (originals only: a stand-in is drawn at its size). */
  width?: number;
  format: "avif" | "webp" | "png" | "jpeg";
  options: Record<string, unknown>;
  /** Flatten onto this colour first (JPEG has no alpha). */
  flatten?: string;
}

/** The recipe on `sharp`, in the encoder process. */
const APPLY_RECIPE = `function applyRecipe(sharp, recipe) {
  let pipeline = "file" in recipe.input
    ? sharp(recipe.input.file).rotate().resize({ width: recipe.width, withoutEnlargement: true })
    : sharp(Buffer.from(recipe.input.svg));
  if (recipe.flatten) pipeline = pipeline.flatten({ background: recipe.flatten });
  return pipeline.toFormat(recipe.format, recipe.options).toBuffer();
}`;

/** What an uploaded original is, read in the encoder process (inspectInChild). */
export interface InspectedImage {
  /** sharp's format name: jpeg, png, webp, heif (AVIF when compression is av1), tiff, ... */
  format: string;
  compression?: string;
  /** Upright size (EXIF orientation applied). */
  width: number;
  height: number;
  /** A 16 px wide WebP of it, for the blur placeholder. */
  tiny: Uint8Array;
}

/**
 * Reads an upload whole, under a pixel limit checked from its header before any pixel is
 * decoded (a decompression bomb costs nothing), and fails on truncated data: metadata first,
 * then a full decode into the 16 px placeholder.
 */
const INSPECT = `async function inspectOriginal(sharp, { file, maxPixels }) {
  const options = { limitInputPixels: maxPixels, failOn: "truncated" };
  const meta = await sharp(file, options).metadata();
  if (!meta.width || !meta.height) throw new Error("no image size in the file");
  if (meta.width * meta.height > maxPixels) throw new Error("Input image exceeds pixel limit");
  const upright = (meta.orientation || 1) >= 5;
  const tiny = await sharp(file, options).rotate().resize(16).webp({ quality: 50 }).toBuffer();
  return {
    format: meta.format,
    compression: meta.compression,
    width: upright ? meta.height : meta.width,
    height: upright ? meta.width : meta.height,
    tiny,
  };
}`;

/**
 * The encoder process (decision 034): libvips and glibc keep what an encode allocated (a
 * 1920 px AVIF holds ~100 MB while it runs, and the server's RSS stayed that much higher for
 * good). Here the encodes run in a child that ends after a few idle seconds, and its memory
 * returns to the system with it. Plain CommonJS: it needs nothing from the build.
 */
const CHILD_SOURCE = `
// A server killed with -9 cannot end its children: one whose parent is gone stops at once. The
// parent's pid comes from the parent: one killed while this process started is already gone.
const orphaned = () => process.ppid !== Number(process.argv[2]);
if (orphaned()) process.kill(process.pid, "SIGKILL");
setInterval(() => { if (orphaned()) process.kill(process.pid, "SIGKILL"); }, 500).unref();
const sharp = require(process.argv[1]);
sharp.concurrency(1);
sharp.cache(false);
${APPLY_RECIPE}
${INSPECT}
process.on("disconnect", () => process.exit(0));
process.on("message", ({ id, recipe, inspect }) => {
  (inspect ? inspectOriginal(sharp, inspect) : applyRecipe(sharp, recipe)).then(
    (body) => process.send({ id, body }),
    (error) => process.send({ id, error: String((error && error.message) || error) }),
  );
});
`;

/** Seconds without work before the encoder process ends (and gives its memory back). */
const IDLE_MS = 10_000;

let sharpPath: string | undefined;
let child: ChildProcess | undefined;
let nextId = 0;
const pending = new Map<
  number,
  { encoder: ChildProcess; resolve: (body: unknown) => void; reject: (error: Error) => void }
>();
let idleTimer: NodeJS.Timeout | undefined;

function encoderProcess(): ChildProcess {
  if (child && child.exitCode === null && child.connected) return child;
  sharpPath ??= createRequire(import.meta.url).resolve("sharp");
  const started = spawn(process.execPath, ["-e", CHILD_SOURCE, sharpPath, String(process.pid)], {
    stdio: ["ignore", "ignore", "pipe", "ipc"],
    serialization: "advanced",
    // Two malloc arenas: libvips' threads otherwise each get one, and freed memory stays in them.
    env: { ...process.env, MALLOC_ARENA_MAX: "2" },
  });
  let errors = "";
  started.stderr?.on("data", (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-2000);
  });
  started.on("message", (message: { id: number; body?: unknown; error?: string }) => {
    const job = pending.get(message.id);
    if (!job) return;
    pending.delete(message.id);
    if (message.error !== undefined) job.reject(new Error(message.error));
    else job.resolve(message.body);
    scheduleIdleExit();
  });
  const failAll = (reason: string) => {
    if (child === started) child = undefined;
    // Only this process's jobs: an idle one that ends after a new one started had none left.
    for (const [id, job] of pending) {
      if (job.encoder !== started) continue;
      pending.delete(id);
      job.reject(new Error(`the image encoder ended (${reason})${errors ? `: ${errors.trim()}` : ""}`));
    }
  };
  started.on("error", (error) => failAll(error.message));
  started.on("exit", (code, signal) => failAll(signal ?? `exit ${code}`));
  child = started;
  return started;
}

/** Ends the encoder once nothing has been asked of it for IDLE_MS; idle, it keeps no process alive. */
function scheduleIdleExit() {
  clearTimeout(idleTimer);
  if (pending.size > 0) return;
  // Waiting for nothing, the encoder must not keep a command (the catalogue book) from ending.
  child?.unref();
  (child?.channel as { unref?: () => void } | undefined)?.unref?.();
  idleTimer = setTimeout(() => {
    if (pending.size === 0 && child) {
      const ending = child;
      child = undefined;
      ending.disconnect();
    }
  }, IDLE_MS);
  idleTimer.unref();
}

process.once("exit", () => child?.kill("SIGKILL"));

/**
 * Starts the encoder process ahead of its first job (Node and libvips take ~100 ms to load): a
 * fresh start's first visitors then wait only for their images. It ends after IDLE_MS unused.
 */
export function startEncoder(): void {
  clearTimeout(idleTimer);
  encoderProcess();
  scheduleIdleExit();
}

/** Encodes `recipe` in the encoder process (started when needed, ended when idle). */
export async function encodeInChild(recipe: EncodeRecipe): Promise<Buffer> {
  const body = (await askChild({ recipe })) as Uint8Array;
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

/** Reads an uploaded original in the encoder process, refusing more than `maxPixels` (see INSPECT). */
export function inspectInChild(file: string, maxPixels: number): Promise<InspectedImage> {
  return askChild({ inspect: { file, maxPixels } }) as Promise<InspectedImage>;
}

function askChild(
  message: { recipe: EncodeRecipe } | { inspect: { file: string; maxPixels: number } },
): Promise<unknown> {
  clearTimeout(idleTimer);
  const encoder = encoderProcess();
  encoder.ref();
  (encoder.channel as { ref?: () => void } | undefined)?.ref?.();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { encoder, resolve, reject });
    encoder.send({ id, ...message }, (error) => {
      if (!error) return;
      pending.delete(id);
      reject(error);
    });
  });
}
