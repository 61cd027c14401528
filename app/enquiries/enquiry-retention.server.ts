import { PeriodicSweep } from "#app/background/periodic-sweep.server.ts";
import type { Database } from "#app/db/database.server.ts";
import { sweepExpiredEnquiries } from "./inbox.server.ts";

/** How often each process removes closed and spam enquiries past their retention. */
export const RETENTION_SWEEP_MS = 60 * 60 * 1000;

/**
 * Removes closed and spam enquiries `retentionDays` after their status last changed: once at
 * start, then hourly, on every process (the delete is idempotent and uses the status index, so
 * two processes sweeping at once delete each row once).
 */
export class EnquiryRetention extends PeriodicSweep {
  constructor(
    database: Database,
    options: {
      retentionDays: () => number;
      intervalMs?: number;
      onSwept?: (count: number) => void;
      onError?: (error: unknown) => void;
    },
  ) {
    super(
      async () => {
        const count = await sweepExpiredEnquiries(database.db, options.retentionDays());
        if (count > 0) options.onSwept?.(count);
      },
      { intervalMs: options.intervalMs ?? RETENTION_SWEEP_MS, onError: options.onError },
    );
  }
}
