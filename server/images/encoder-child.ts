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

/**
 * The encoder process (decision 034): libvips and glibc keep what an encode allocated (a
 * 1920 px AVIF holds ~100 MB while it runs, and the server's RSS stayed that much higher for
 * good). Here the encodes run in a child that ends after a few idle seconds, and its memory
 * returns to the system with it. Plain CommonJS: it needs nothing from the build.
 */
const CHILD_SOURCE = `
const sharp = require(process.argv[1]);
sharp.concurrency(1);
sharp.cache(false);
${APPLY_RECIPE}
// A server killed with -9 cannot end its children: one whose parent is gone stops at once.
const parent = process.ppid;
setInterval(() => { if (process.ppid !== parent) process.kill(process.pid, "SIGKILL"); }, 500).unref();
process.on("disconnect", () => process.exit(0));
process.on("message", ({ id, recipe }) => {
  applyRecipe(sharp, recipe).then(
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
  { encoder: ChildProcess; resolve: (body: Buffer) => void; reject: (error: Error) => void }
>();
let idleTimer: NodeJS.Timeout | undefined;

function encoderProcess(): ChildProcess {
  if (child && child.exitCode === null && child.connected) return child;
  sharpPath ??= createRequire(import.meta.url).resolve("sharp");
  const started = spawn(process.execPath, ["-e", CHILD_SOURCE, sharpPath], {
    stdio: ["ignore", "ignore", "pipe", "ipc"],
    serialization: "advanced",
    // Two malloc arenas: libvips' threads otherwise each get one, and freed memory stays in them.
    env: { ...process.env, MALLOC_ARENA_MAX: "2" },
  });
  let errors = "";
  started.stderr?.on("data", (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-2000);
  });
  started.on("message", (message: { id: number; body?: Uint8Array; error?: string }) => {
    const job = pending.get(message.id);
    if (!job) return;
    pending.delete(message.id);
    if (message.error !== undefined) job.reject(new Error(message.error));
    else if (message.body)
      job.resolve(Buffer.from(message.body.buffer, message.body.byteOffset, message.body.byteLength));
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

/** Encodes `recipe` in the encoder process (started when needed, ended when idle). */
export function encodeInChild(recipe: EncodeRecipe): Promise<Buffer> {
  clearTimeout(idleTimer);
  const encoder = encoderProcess();
  encoder.ref();
  (encoder.channel as { ref?: () => void } | undefined)?.ref?.();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { encoder, resolve, reject });
    encoder.send({ id, recipe }, (error) => {
      if (!error) return;
      pending.delete(id);
      reject(error);
    });
  });
}
