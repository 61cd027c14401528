import { folderMb, type TrafficServer } from "./server.ts";

/** One row of the table: what a case measured and whether the "must hold" held. */
export interface CaseResult {
  attack: string;
  visitors: string;
  rssMb: { before: number; peak: number; after: number };
  diskMb: { before: number; after: number };
  /** Seconds from SIGTERM to exit, when the case measured it. */
  stopSeconds?: number;
  /** Each broken "must hold", in words; empty when the case passed. */
  failures: string[];
  notes: string[];
}

export interface TrafficCase {
  name: string;
  /** Runs against servers it starts on ports from `port` up (at most 5). */
  run(port: number): Promise<CaseResult>;
}

/** Collects what broke: `check(ok, "what should have held")`. */
export function checker() {
  const failures: string[] = [];
  return {
    failures,
    check(ok: unknown, message: string) {
      if (!ok) failures.push(message);
    },
  };
}

/**
 * The row of a case that watched visitors and memory on one server; stops the server (SIGTERM,
 * timed) once the disk has been measured.
 */
export async function watchedRow(
  attack: string,
  server: TrafficServer,
  measured: {
    seen: { served: number; total: number; slowest: number };
    rssMb: CaseResult["rssMb"];
    diskBeforeMb: number;
  },
  outcome: { failures: string[]; notes: string[] },
): Promise<CaseResult> {
  const { seen, rssMb, diskBeforeMb } = measured;
  return {
    attack,
    visitors: `${seen.served}/${seen.total} (slowest ${seen.slowest} ms)`,
    rssMb,
    diskMb: { before: diskBeforeMb, after: folderMb(server.dataDir) },
    stopSeconds: await server.stop(),
    ...outcome,
  };
}

export type { TrafficServer };
