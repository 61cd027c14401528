import { PeriodicSweep } from "#app/background/periodic-sweep.server.ts";
import type { Database } from "#app/db/database.server.ts";
import { purgeExpiredTrash } from "./content-trash.server.ts";

/** How often each process empties the Trash of documents past their time. */
export const TRASH_SWEEP_MS = 60 * 60 * 1000;

/**
 * Empties the Trash of documents deleted more than TRASH_RETENTION_DAYS ago (decision 067): once
 * at start, then hourly, on every process, like the other sweeps. Two processes at once take
 * turns on the content version's lock; the second finds nothing left.
 */
export class ContentTrashUpkeep extends PeriodicSweep {
  constructor(
    database: Database,
    options: {
      intervalMs?: number;
      onPurged?: (documents: number) => void;
      onError?: (error: unknown) => void;
    } = {},
  ) {
    super(
      async () => {
        const { documents } = await purgeExpiredTrash(database.db);
        if (documents > 0) options.onPurged?.(documents);
      },
      { intervalMs: options.intervalMs ?? TRASH_SWEEP_MS, onError: options.onError },
    );
  }
}
