import os from "node:os";

// At most `cores` encodes at once (each with one libvips thread, see derive-image.ts), the rest
// wait: an encode then holds one core, so the background lane always leaves the others to requests.
const cores = Math.max(1, os.availableParallelism());

/**
 * "request": a visitor waits for it (JPEG/PNG, fallbacks). "soon": an AVIF/WebP or a zoom
 * pyramid a visitor asked for. "warm": work done ahead of visitors (decision 017, 026). "soon"
 * and "warm" share one lane, one encode at a time ("soon" first), so with two or more cores a
 * request always finds a core free: AVIF at 1920 px takes seconds, and must not hold back a 60 ms JPEG.
 * "batch": a command that needs every image it asks for (the catalogue book at build): like
 * "request" after it, and never refused. "fallback": the 400 px JPEG/PNG answered for an
 * AVIF/WebP not ready yet, after "request", so a flood of cold AVIF URLs cannot hold back a
 * visitor's JPEG.
 */
export type EncodePriority = "request" | "batch" | "fallback" | "soon" | "warm";

/**
 * How many encodes may wait in each lane (decision 026). A flood of cold URLs would otherwise
 * queue without bound (issue 26 saw ~1,000 jobs) and every visitor would wait behind it; past
 * the bound a request is refused at once and answered with a ready size or a 503.
 */
export const DEFAULT_MAX_WAITING: Readonly<Record<EncodePriority, number>> = {
  request: 16,
  batch: Number.POSITIVE_INFINITY,
  fallback: 16,
  soon: 4,
  warm: 64,
};
let maxWaiting: Record<EncodePriority, number> = { ...DEFAULT_MAX_WAITING };

/** Seconds a refused client is told to wait before asking again (`Retry-After`). */
export const RETRY_AFTER_SECONDS: Readonly<Record<EncodePriority, number>> = {
  request: 2,
  batch: 2,
  fallback: 2,
  soon: 5,
  warm: 30,
};

/** The lane is full: the work was not queued. */
export class EncoderBusyError extends Error {
  override name = "EncoderBusyError";
  readonly retryAfterSeconds: number;
  constructor(readonly priority: EncodePriority) {
    super(`The image encoder's "${priority}" lane is full (${maxWaiting[priority]} waiting).`);
    this.retryAfterSeconds = RETRY_AFTER_SECONDS[priority];
  }
}

let running = 0;
let runningBackground = 0;
const waiting: Record<EncodePriority, (() => void)[]> = {
  request: [],
  batch: [],
  fallback: [],
  soon: [],
  warm: [],
};
const inBackground = (priority: EncodePriority) => priority === "soon" || priority === "warm";

function startNext() {
  while (running < cores) {
    const start =
      waiting.request.shift() ??
      waiting.batch.shift() ??
      waiting.fallback.shift() ??
      (runningBackground === 0 ? (waiting.soon.shift() ?? waiting.warm.shift()) : undefined);
    if (!start) return;
    start();
  }
}

/**
 * Runs `work` in the encoder's lane for `priority` (derivatives and zoom pyramids share the
 * lanes). Rejects with EncoderBusyError at once, without queueing, when the lane is full.
 */
export async function withEncoderSlot<T>(priority: EncodePriority, work: () => Promise<T>): Promise<T> {
  const free = running < cores && (!inBackground(priority) || runningBackground === 0);
  if (!free && waiting[priority].length >= maxWaiting[priority]) throw new EncoderBusyError(priority);
  await new Promise<void>((resolve) => {
    waiting[priority].push(() => {
      running++;
      if (inBackground(priority)) runningBackground++;
      resolve();
    });
    startNext();
  });
  try {
    return await work();
  } finally {
    running--;
    if (inBackground(priority)) runningBackground--;
    startNext();
  }
}

/** Whether a job of `priority` would be refused now. */
export function laneIsFull(priority: EncodePriority): boolean {
  return waiting[priority].length >= maxWaiting[priority];
}

/** Encodes waiting, by priority, and running (logs and tests read it). */
export function encodesWaiting(): Record<EncodePriority | "running", number> {
  const { request, batch, fallback, soon, warm } = waiting;
  const [r, b, f, s, w] = [request, batch, fallback, soon, warm].map((lane) => lane.length) as number[];
  return { request: r ?? 0, batch: b ?? 0, fallback: f ?? 0, soon: s ?? 0, warm: w ?? 0, running };
}

/** Changes the bounds (tests use small ones); returns a function restoring the previous ones. */
export function setMaxWaiting(bounds: Partial<Record<EncodePriority, number>>): () => void {
  const previous = maxWaiting;
  maxWaiting = { ...maxWaiting, ...bounds };
  return () => {
    maxWaiting = previous;
  };
}
