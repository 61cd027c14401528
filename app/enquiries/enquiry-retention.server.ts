import type { Database } from "#app/db/database.server.ts";
import { sweepExpiredEnquiries } from "./inbox.server.ts";

/** How often each process removes closed and spam enquiries past their retention. */
export const RETENTION_SWEEP_MS = 60 * 60 * 1000;

/**
 * Removes closed and spam enquiries `retentionDays` after their status last changed: once at
 * start, then hourly, on every process (the delete is idempotent and uses the status index, so
 * two processes sweeping at once delete each row once).
 */
export class EnquiryRetention {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly database: Database,
    private readonly options: {
      retentionDays: () => number;
      intervalMs?: number;
      onSwept?: (count: number) => void;
      onError?: (error: unknown) => void;
    },
  ) {}

  /** Starts sweeping; the first sweep runs in the background so start-up does not wait for it. */
  start(): void {
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), this.options.intervalMs ?? RETENTION_SWEEP_MS);
    this.timer.unref();
  }

  /** One sweep (concurrent calls share it); never throws. */
  sweep(): Promise<void> {
    this.running ??= (async () => {
      try {
        const count = await sweepExpiredEnquiries(this.database.db, this.options.retentionDays());
        if (count > 0) this.options.onSwept?.(count);
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
