import fsp from "node:fs/promises";
import path from "node:path";

export interface CachePrunerOptions {
  dir: string;
  /** The cache's size cap; the least recently used copies go when it is over. */
  maxBytes: number;
  /**
   * How long a copy handed to a reader is held: `localFile` returns a path sharp opens later,
   * so a copy used this recently (here, or by another process: its mtime) is never removed.
   * Once sharp has it open, removing the name does not disturb the read.
   */
  holdMs?: number;
  /** Pruning waits this long after the last put/fetch, so a burst of fetches prunes once. */
  debounceMs?: number;
  onError?: (error: unknown) => void;
}

interface CachedCopy {
  file: string;
  bytes: number;
  usedMs: number;
}

/**
 * Keeps DATA_DIR/originals-cache under a size cap (decisions 026 and 041: bounded disk). Use is
 * recorded by setting each copy's mtime (noatime mounts do not record reads), so processes
 * sharing the folder see the same order; a copy one process removes is fetched again by the
 * other. Pruning runs off the request path, debounced after a fetch.
 */
export class OriginalsCachePruner {
  readonly #dir: string;
  readonly #maxBytes: number;
  readonly #holdMs: number;
  readonly #debounceMs: number;
  readonly #onError: (error: unknown) => void;
  /** Copies handed out by this process, by file, with when their hold ends. */
  readonly #held = new Map<string, number>();
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;

  constructor(options: CachePrunerOptions) {
    this.#dir = path.resolve(options.dir);
    this.#maxBytes = options.maxBytes;
    this.#holdMs = options.holdMs ?? 10 * 60_000;
    this.#debounceMs = options.debounceMs ?? 5_000;
    this.#onError = options.onError ?? (() => {});
  }

  /** Records that `file` was just handed to a reader: it is held, and becomes the most recently used. */
  async used(file: string): Promise<void> {
    const now = Date.now();
    this.#held.set(file, now + this.#holdMs);
    const seconds = now / 1000;
    // Not there yet (about to be fetched) or just removed by another process: nothing to mark.
    await fsp.utimes(file, seconds, seconds).catch(() => {});
  }

  /** Prunes a little later, once, however many fetches come meanwhile. */
  schedule(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.prune().catch(this.#onError);
    }, this.#debounceMs);
    this.#timer.unref();
  }

  /** Removes the least recently used copies not held until the cache is within its cap; one run at a time. */
  prune(): Promise<void> {
    this.#running ??= this.#prune().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #prune(): Promise<void> {
    const now = Date.now();
    for (const [file, until] of this.#held) if (until <= now) this.#held.delete(file);
    const copies = await this.#copies();
    let total = copies.reduce((sum, copy) => sum + copy.bytes, 0);
    copies.sort((a, b) => a.usedMs - b.usedMs);
    for (const copy of copies) {
      if (total <= this.#maxBytes) break;
      if (this.#held.has(copy.file) || now - copy.usedMs < this.#holdMs) continue;
      // Another process may have removed it already: then it is gone all the same.
      await fsp.rm(copy.file, { force: true });
      total -= copy.bytes;
    }
  }

  /** Every finished copy (`<2 hex>/<sha256>`); downloads in progress (`.partial`) are not counted. */
  async #copies(): Promise<CachedCopy[]> {
    const copies: CachedCopy[] = [];
    const shards = await fsp.readdir(this.#dir).catch(() => [] as string[]);
    for (const shard of shards) {
      if (!/^[0-9a-f]{2}$/.test(shard)) continue;
      const names = await fsp.readdir(path.join(this.#dir, shard)).catch(() => [] as string[]);
      for (const name of names) {
        if (!/^[0-9a-f]{64}$/.test(name)) continue;
        const file = path.join(this.#dir, shard, name);
        const stat = await fsp.stat(file).catch(() => undefined);
        if (stat?.isFile()) copies.push({ file, bytes: stat.size, usedMs: stat.mtimeMs });
      }
    }
    return copies;
  }
}
