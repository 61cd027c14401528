import type { Database } from "#app/db/database.server.ts";
import type { OriginalStore } from "./original-store.ts";
import { removeUnnamedFiles, type UnnamedFilesRemoved } from "./remove-unnamed-files.server.ts";

/** How often each process looks for exhibition files nothing names (each waits out its 24 h grace). */
export const UNNAMED_FILES_SWEEP_MS = 60 * 60 * 1000;

/**
 * Removes uploaded exhibition files nothing names (decision 051): once at start, then hourly, on
 * every process, like the enquiry retention sweep. Two processes sweeping at once remove each
 * file once (removeUnnamedFiles locks and re-checks each one).
 */
export class UnnamedFilesUpkeep {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly database: Database,
    private readonly options: {
      store: () => OriginalStore;
      graceMs?: number;
      intervalMs?: number;
      onRemoved?: (removed: UnnamedFilesRemoved) => void;
      onError?: (error: unknown) => void;
    },
  ) {}

  /** Starts sweeping; the first sweep runs in the background so start-up does not wait for it. */
  start(): void {
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), this.options.intervalMs ?? UNNAMED_FILES_SWEEP_MS);
    this.timer.unref();
  }

  /** One sweep (concurrent calls share it); never throws. */
  sweep(): Promise<void> {
    this.running ??= (async () => {
      try {
        const removed = await removeUnnamedFiles({
          db: this.database.db,
          store: this.options.store(),
          graceMs: this.options.graceMs,
        });
        if (removed.removed > 0) this.options.onRemoved?.(removed);
      } catch (error) {
        this.options.onError?.(error);
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
