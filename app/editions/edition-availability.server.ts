import { createContext } from "react-router";
import { z } from "zod";
import type { Database, Unlisten } from "#app/db/database.server.ts";
import { type EditionFacts, holdEnds, readEditionFacts, summaryAt } from "./availability-facts.server.ts";
import type { EditionSummary, SeriesSummary } from "./edition-reading.server.ts";
import { seriesLine } from "./edition-words.ts";
import type { PublicOwner } from "./public-owner.ts";

/** The NOTIFY channel the ledger's trigger writes to (migration 0012), with {"workSlug"}. */
export const EDITIONS_CHANNEL = "editions_changed";

/** How soon a failed read is tried again (an outage: the pages keep the last known lines meanwhile). */
const RETRY_MS = 2_000;

const changeNotice = z.object({ workSlug: z.string().min(1).max(200) });

/** What a public page prints of a work's edition: the line, the size for schema.org, the provenance. */
export interface PublicEdition {
  /** "Edition of 8 · 6 available", "Unique · sold". */
  line: string;
  size: number;
  owners: PublicOwner[];
}

export interface EditionAvailabilityOptions {
  /** The clock holds are judged by (tests move it). */
  now?: () => number;
  /** A read or a notification failed; the last known availability stays (decision 076). */
  onError?: (error: unknown) => void;
}

/**
 * Every work's edition availability, in memory, for the public pages (issue 40, decision 076):
 * read once at start, then again for a work whenever the ledger's trigger NOTIFYs
 * `editions_changed` (any process on the same database, or SQL by hand), and in full whenever
 * listening resumes after a drop. It holds facts, not answers: each summary is judged at the
 * moment it is asked for, so a hold that ran out is a free print at once, on every process,
 * though nothing was written. While the database is away it keeps answering what it last read;
 * before its first read it knows no edition, so pages print none (never a 5xx).
 */
export class EditionAvailability {
  readonly #database: Database | undefined;
  readonly #now: () => number;
  readonly #onError: (error: unknown) => void;
  #facts = new Map<string, EditionFacts>();
  /** The open holds' ends, sorted: how many have passed is part of `version`. */
  #ends: number[] = [];
  #generation = 0;
  /** What is still to be read: some works, or every one. */
  #wanted: Set<string> | "all" | undefined;
  #reading: Promise<void> | undefined;
  #unlisten: Unlisten | undefined;
  /** A read failed: everything is read again after RETRY_MS, until a read succeeds. */
  #retry: NodeJS.Timeout | undefined;
  #failing = false;

  constructor(database?: Database, options: EditionAvailabilityOptions = {}) {
    this.#database = database;
    this.#now = options.now ?? Date.now;
    this.#onError = options.onError ?? (() => {});
  }

  /** Listens first (so no change made during the first read is missed), then reads every edition. */
  async start(): Promise<void> {
    const database = this.#database;
    if (!database) return;
    this.#unlisten = await database.listen(EDITIONS_CHANNEL, {
      onPayload: (payload) => this.#noticed(payload),
      onGap: () => void this.refresh(),
      // The connection is gone: the last read stays until it is back (then onGap reads afresh).
      onDrop: () => {},
    });
    await this.refresh();
  }

  async stop(): Promise<void> {
    clearTimeout(this.#retry);
    this.#retry = undefined;
    await this.#unlisten?.().catch(() => {});
    this.#unlisten = undefined;
    await this.settled();
  }

  /** Reads the given works' editions again (every edition when none are named). */
  refresh(workSlugs?: readonly string[]): Promise<void> {
    if (!workSlugs || this.#wanted === "all") this.#wanted = "all";
    else this.#wanted = new Set([...(this.#wanted ?? []), ...workSlugs]);
    this.#reading ??= this.#readWanted().finally(() => {
      this.#reading = undefined;
    });
    return this.#reading;
  }

  /** Resolves once every read asked for so far has finished (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.#reading) await this.#reading;
  }

  /** The work's edition as it stands now; undefined when it has none (or none is known yet). */
  summary(workSlug: string): EditionSummary | undefined {
    const facts = this.#facts.get(workSlug);
    return facts ? summaryAt(facts, this.#now()) : undefined;
  }

  /** What a public page prints of the work's edition; undefined when it has none. */
  publicEdition(workSlug: string): PublicEdition | undefined {
    const facts = this.#facts.get(workSlug);
    if (!facts) return undefined;
    const summary = summaryAt(facts, this.#now());
    return { line: summary.line, size: summary.size, owners: facts.owners };
  }

  /** The lines of those of `workSlugs` that have an edition, by slug. */
  lines(workSlugs: readonly string[]): Record<string, string> {
    const lines: Record<string, string> = {};
    for (const slug of workSlugs) {
      const summary = this.summary(slug);
      if (summary) lines[slug] = summary.line;
    }
    return lines;
  }

  /**
   * "Icaro: 6 of 12 claimed" from the editions of the series' works (the catalogue names them);
   * undefined when none of them has an edition.
   */
  series(series: string, workSlugs: readonly string[]): SeriesSummary | undefined {
    let total = 0;
    let claimed = 0;
    let available = 0;
    const worksWithoutEdition: string[] = [];
    for (const slug of workSlugs) {
      const summary = this.summary(slug);
      if (!summary) {
        worksWithoutEdition.push(slug);
        continue;
      }
      total += summary.size;
      claimed += summary.prints.sold + summary.prints.held;
      available += summary.prints.available;
    }
    if (worksWithoutEdition.length === workSlugs.length) return undefined;
    return { series, total, claimed, available, line: seriesLine(series, claimed, total), worksWithoutEdition };
  }

  /**
   * Changes whenever any answer above may have: a read landed, or a hold's end passed. Pages
   * kept in memory that print availability are kept for one version (server/prerendered-pages.ts).
   * Undefined while no work has an edition: those pages print nothing of it.
   */
  version(): string | undefined {
    if (this.#facts.size === 0) return undefined;
    return `${this.#generation}.${passed(this.#ends, this.#now())}`;
  }

  /** How many works have an edition (known to this process). */
  get size(): number {
    return this.#facts.size;
  }

  #noticed(payload: string) {
    let slug: string | undefined;
    try {
      slug = changeNotice.parse(JSON.parse(payload)).workSlug;
    } catch {
      // Not the trigger's shape: read everything rather than miss a change.
    }
    void this.refresh(slug ? [slug] : undefined);
  }

  async #readWanted(): Promise<void> {
    const database = this.#database;
    while (this.#wanted) {
      const wanted = this.#wanted;
      this.#wanted = undefined;
      if (!database) return;
      try {
        const read = await readEditionFacts(database.db, wanted === "all" ? undefined : [...wanted]);
        if (wanted === "all") this.#facts = read;
        else for (const slug of wanted) this.#set(slug, read.get(slug));
        this.#ends = [...this.#facts.values()].flatMap(holdEnds).sort((a, b) => a - b);
        this.#generation++;
        this.#failing = false;
      } catch (error) {
        // The last known availability stays, and everything is read again shortly: a change
        // whose read failed is not lost. Said once per outage, not once per retry.
        if (!this.#failing) this.#onError(error);
        this.#failing = true;
        this.#retryLater();
      }
    }
  }

  #retryLater() {
    if (this.#retry || !this.#unlisten) return;
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      void this.refresh();
    }, RETRY_MS);
    this.#retry.unref();
  }

  #set(slug: string, facts: EditionFacts | undefined) {
    if (facts) this.#facts.set(slug, facts);
    else this.#facts.delete(slug);
  }
}

/** How many of the sorted `ends` are at or before `now`. */
function passed(ends: readonly number[], now: number): number {
  let low = 0;
  let high = ends.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((ends[mid] as number) <= now) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** This process's availability (server/services.ts); by default one that knows no edition (the build's prerender). */
export const editionAvailabilityContext = createContext<EditionAvailability>(new EditionAvailability());
