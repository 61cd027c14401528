import type { Catalogue } from "#app/catalogue/catalogue.ts";
import type { AppDatabase } from "#app/db/database.server.ts";
import type { EditionHold, EditionOwner } from "#app/db/edition-schema.ts";
import {
  checked,
  editionInput,
  holdInput,
  notForSaleInput,
  resaleInput,
  saleInput,
  seriesInput,
  unitInput,
} from "./edition-input.server.ts";
import {
  type EditionSummary,
  readSeries,
  readSummaries,
  readUnits,
  type SeriesSummary,
  type UnitRow,
} from "./edition-reading.server.ts";
import { LedgerRefusal, refuse } from "./edition-refusal.ts";
import { lockEdition, lockUnit, type Tx } from "./edition-rows.server.ts";
import { type EditionChange, writeEdition } from "./edition-setup.server.ts";
import { writeHold, writeRelease } from "./unit-holds.server.ts";
import { ownersOf, type SaleRecord, writeNotForSale, writeResale, writeSale } from "./unit-sales.server.ts";

export interface EditionLedgerOptions {
  db: AppDatabase;
  /** The catalogue the request was given (the studio's, hidden works included): which works exist. */
  catalogue: Catalogue;
  /** The clock holds are judged by (tests move it). */
  now?: () => Date;
}

// PostgreSQL's codes for a write that lost a race or broke a constraint: a refusal, not a 500.
const RACE_CODES = new Set(["23505", "23503", "40001", "40P01"]);
const CHECK_CODES = new Set(["23514", "22003", "23502"]);

function databaseCode(error: unknown): string | undefined {
  for (let cause = error; cause instanceof Object; cause = (cause as { cause?: unknown }).cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * The edition ledger (issue 40): a work's edition, its prints' holds and sales, resales, and
 * what is available, for the studio's screens and the public pages. Every method takes what a
 * person sent (checked with zod here), writes in one transaction with the rows it changes
 * locked, and says no with a LedgerRefusal: a sentence and a 4xx, nothing written.
 */
export class EditionLedger {
  readonly #db: AppDatabase;
  readonly #catalogue: Catalogue;
  readonly #now: () => Date;

  constructor(options: EditionLedgerOptions) {
    this.#db = options.db;
    this.#catalogue = options.catalogue;
    this.#now = options.now ?? (() => new Date());
  }

  /** Unique, or an edition of N with artist's proofs; growing adds prints, shrinking past a sold or held one is refused. */
  async setEdition(input: unknown): Promise<EditionChange> {
    const edition = this.#known(checked(editionInput, input));
    return this.#write((tx, now) => writeEdition(tx, edition, now));
  }

  /** Holds a print for a collector until a time in the future (an enquiry's id when it came from one). */
  async hold(input: unknown): Promise<EditionHold> {
    const hold = this.#known(checked(holdInput, input));
    return this.#write((tx, now) => writeHold(tx, hold, now));
  }

  async release(input: unknown): Promise<void> {
    const unit = this.#known(checked(unitInput, input));
    return this.#write((tx, now) => writeRelease(tx, unit, now));
  }

  /** Sells a free print, or one held for this collector: sale, state, hold and first owner at once. */
  async sell(input: unknown): Promise<SaleRecord> {
    const sale = this.#known(checked(saleInput, input));
    return this.#write((tx, now) => writeSale(tx, sale, now));
  }

  async setNotForSale(input: unknown): Promise<void> {
    const change = this.#known(checked(notForSaleInput, input));
    return this.#write((tx, now) => writeNotForSale(tx, change, now));
  }

  /** A sold print's new owner; the sale and the owners before stay. */
  async recordResale(input: unknown): Promise<EditionOwner> {
    const resale = this.#known(checked(resaleInput, input));
    return this.#write((tx, now) => writeResale(tx, resale, now));
  }

  /** A print's owners, first to latest. */
  async provenance(input: unknown): Promise<EditionOwner[]> {
    const unit = this.#known(checked(unitInput, input));
    return this.#write(async (tx) => ownersOf(tx, (await lockUnit(tx, await lockEdition(tx, unit.workSlug), unit)).id));
  }

  /** "Edition of 8 · 6 available" and its counts; undefined when the work has no edition yet. */
  async availability(workSlug: unknown): Promise<EditionSummary | undefined> {
    const { workSlug: slug } = this.#known(checked(unitInput.pick({ workSlug: true }), { workSlug }));
    return (await readSummaries(this.#db, [slug], this.#now())).get(slug);
  }

  /** "Icaro: 6 of 12 claimed", from the editions of the works the catalogue puts in the series. */
  async seriesSummary(series: unknown): Promise<SeriesSummary> {
    const name = checked(seriesInput, series);
    const works = this.#catalogue.artworks.filter((work) => work.series === name).map((work) => work.slug);
    if (works.length === 0) refuse(`There is no series called ${JSON.stringify(name)} in the catalogue.`, 404);
    return readSeries(this.#db, name, works, this.#now());
  }

  /** Every print of the work's edition with its hold or sale, for the studio. */
  async units(workSlug: unknown): Promise<UnitRow[]> {
    const { workSlug: slug } = this.#known(checked(unitInput.pick({ workSlug: true }), { workSlug }));
    return readUnits(this.#db, slug, this.#now());
  }

  #known<Input extends { workSlug: string }>(input: Input): Input {
    if (!this.#catalogue.find(input.workSlug)) refuse(`There is no work "${input.workSlug}" in the catalogue.`, 404);
    return input;
  }

  /** One transaction; a constraint the database enforced, or a lost race, becomes a refusal. */
  async #write<T>(work: (tx: Tx, now: Date) => Promise<T>): Promise<T> {
    try {
      return await this.#db.transaction((tx) => work(tx, this.#now()));
    } catch (error) {
      if (error instanceof LedgerRefusal) throw error;
      const code = databaseCode(error);
      if (code && RACE_CODES.has(code)) {
        throw new LedgerRefusal("Someone changed this print at the same moment; reload the page and try again.", 409);
      }
      if (code && CHECK_CODES.has(code)) throw new LedgerRefusal("The ledger refused a value outside its limits.", 400);
      throw error;
    }
  }
}
