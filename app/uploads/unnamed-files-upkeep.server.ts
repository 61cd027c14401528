import { PeriodicSweep } from "#app/background/periodic-sweep.server.ts";
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
export class UnnamedFilesUpkeep extends PeriodicSweep {
  constructor(
    database: Database,
    options: {
      store: () => OriginalStore;
      graceMs?: number;
      intervalMs?: number;
      onRemoved?: (removed: UnnamedFilesRemoved) => void;
      onError?: (error: unknown) => void;
    },
  ) {
    super(
      async () => {
        const removed = await removeUnnamedFiles({ db: database.db, store: options.store(), graceMs: options.graceMs });
        if (removed.removed > 0) options.onRemoved?.(removed);
      },
      { intervalMs: options.intervalMs ?? UNNAMED_FILES_SWEEP_MS, onError: options.onError },
    );
  }
}
