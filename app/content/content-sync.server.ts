import { createContext } from "react-router";
import { DocumentSource } from "#app/content-files/content-source.server.ts";
import { publishedVersion, readContentState, recordBuildContent } from "#app/db/content-version.server.ts";
import type { Database, Unlisten } from "#app/db/database.server.ts";
import { loadPublished } from "./content-documents.server.ts";
import { documentsFingerprint } from "./content-fingerprint.ts";
import { snapshotFrom } from "./content-snapshot.server.ts";
import type { ContentStore } from "./content-store.server.ts";

/**
 * The process's content sync, for the studio's screens (server/router-context.ts); undefined
 * where there is none (a test's bare context), and then nothing waits.
 */
export const contentSyncContext = createContext<ContentSync | undefined>(undefined);

/** The NOTIFY channel the content_state trigger writes the new version to (migration 0007). */
export const CONTENT_CHANNEL = "content_changed";

/**
 * Keeps this process's content store on the database's published content (decision 039): loads
 * it at start, then LISTENs on content_changed and, when a newer version is announced (by any
 * process, or SQL), loads it whole and swaps it in at once. Reloads never overlap: a version
 * announced during a load is picked up by one more load after it. When the listening connection
 * drops and comes back, it reloads, since a change may have gone unheard.
 */
export class ContentSync {
  #unlisten: Unlisten | undefined;
  #version = -1;
  #loading: Promise<void> | undefined;
  #again = false;
  #servesBuild = false;

  constructor(
    private readonly database: Database,
    private readonly store: ContentStore,
    private readonly options: {
      /** A load failed (the database is away, or its content did not check): the store keeps what it had. */
      onError?: (error: unknown) => void;
      /** A new version is being served. */
      onReload?: (version: number, ms: number) => void;
      /**
       * The fingerprint of the build's documents, when the store starts with the build's content:
       * while the database holds the same, the store is left as it is and `servesBuild` is true.
       */
      buildFingerprint?: string;
      /**
       * Loaded with each new version, before the store swaps (the uploaded originals, decision
       * 041, whose changes bump the same version); says whether what it holds is the build's.
       */
      alsoLoad?: (db: Database["db"]) => Promise<{ matchesBuild: boolean }>;
    } = {},
  ) {}

  /**
   * Whether the content served is exactly what the site was built from, so pages prerendered at
   * build are still what a render would give (server/main.ts serves them only then).
   */
  get servesBuild(): boolean {
    return this.#servesBuild;
  }

  /** The content version this process serves (-1 before the first load). */
  get version(): number {
    return this.#version;
  }

  /** Listens first, then loads, so no change published in between is missed. */
  async start(): Promise<void> {
    this.#unlisten = await this.database.listen(CONTENT_CHANNEL, {
      onPayload: (payload) => {
        const announced = Number(payload);
        if (!Number.isInteger(announced) || announced > this.#version) this.reload();
      },
      onGap: () => this.reload(),
    });
    await this.load();
  }

  /** Loads the published content unless a load is under way, in which case one more follows it. */
  reload(): void {
    if (this.#loading) {
      this.#again = true;
      return;
    }
    this.#loading = this.load()
      .catch((error) => this.options.onError?.(error))
      .finally(() => {
        this.#loading = undefined;
        if (this.#again) {
          this.#again = false;
          this.reload();
        }
      });
  }

  /** Resolves once no load is running or queued (tests, and a publish that wants its own change served). */
  async settled(): Promise<void> {
    while (this.#loading) await this.#loading;
  }

  /**
   * Waits until this process serves the content version the database holds now (loading it at
   * once if need be), for at most `withinMs`: the studio's screen after a publish, and the public
   * pages it opens next, then show the change on the process that made it, not a moment later.
   */
  async caughtUp(withinMs = 2_000): Promise<void> {
    const until = performance.now() + withinMs;
    const version = await publishedVersion(this.database.db);
    while (this.#version < version && performance.now() < until) {
      if (!this.#loading) this.reload();
      await Promise.race([this.#loading, new Promise((resolve) => setTimeout(resolve, 50).unref())]);
    }
  }

  private async load(): Promise<void> {
    const started = performance.now();
    const state = await readContentState(this.database.db);
    if (state.version === this.#version) return;
    const buildFingerprint = this.options.buildFingerprint;
    const also = (await this.options.alsoLoad?.(this.database.db)) ?? { matchesBuild: true };
    // At start, the version the build's documents were imported as (decision 050): the store holds
    // them already, so they are neither read nor checked again (12,000 works: seconds and ~100 MB).
    if (
      this.#version === -1 &&
      also.matchesBuild &&
      buildFingerprint !== undefined &&
      state.buildVersion === state.version &&
      state.buildFingerprint === buildFingerprint
    ) {
      this.#servesBuild = true;
      this.#version = state.version;
      this.options.onReload?.(state.version, Math.round(performance.now() - started));
      return;
    }
    const { version, documents } = await loadPublished(this.database.db);
    const matchesBuild =
      buildFingerprint !== undefined && also.matchesBuild && documentsFingerprint(documents) === buildFingerprint;
    if (!(matchesBuild && this.#version === -1)) this.store.replace(snapshotFrom(new DocumentSource(documents)));
    this.#servesBuild = matchesBuild;
    this.#version = version;
    // Found equal by reading (a folder from before decision 050, or a build of exported content):
    // noted, so the next start need not read. Only a shortcut: a failure changes nothing served.
    if (matchesBuild && (state.buildVersion !== version || state.buildFingerprint !== buildFingerprint))
      await recordBuildContent(this.database.db, version, buildFingerprint).catch(() => {});
    this.options.onReload?.(version, Math.round(performance.now() - started));
  }

  async stop(): Promise<void> {
    await this.#unlisten?.();
    this.#unlisten = undefined;
    await this.settled();
  }
}
