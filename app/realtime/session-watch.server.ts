import { and, gt, inArray } from "drizzle-orm";
import { authSession } from "#app/db/auth-schema.ts";
import type { Database, Unlisten } from "#app/db/database.server.ts";

/** The NOTIFY channel the auth_session delete trigger writes to (migration 0003). */
export const SESSION_ENDED_CHANNEL = "auth_session_ended";

/** The sign-in session a long-lived response was opened with. */
export interface WatchedSession {
  id: string;
  expiresAt: Date;
}

interface Watch {
  sessionId: string;
  expiresAt: number;
  end: () => void;
}

export interface SessionWatchOptions {
  /** How often every watched session is checked against the database (default 5 s). */
  intervalMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * Ends what was opened with a session once that session is gone, on every process:
 * - at once when the session row is deleted anywhere (the delete trigger's NOTIFY);
 * - at the next check when the row is missing or expired in the database, which also covers a
 *   notification lost while the listening connection was down;
 * - at the next check after its last known expiry when the database cannot be asked.
 * A check is one query for every watched session, however many streams there are.
 */
export class SessionWatch {
  private readonly watches = new Set<Watch>();
  private unlisten: Unlisten | undefined;
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;
  private checkAgain = false;

  constructor(
    private readonly database: Database,
    private readonly options: SessionWatchOptions = {},
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(SESSION_ENDED_CHANNEL, {
      // Synchronous, so a stream is closed before any notification committed after the delete
      // (such as a quote change) is forwarded to it.
      onPayload: (sessionId) => this.endSession(sessionId),
      onGap: () => void this.checkSoon(),
    });
    this.timer = setInterval(() => void this.checkSoon(), this.options.intervalMs ?? 5_000);
    this.timer.unref();
  }

  /** Calls `end` once the session is gone; returns the function that stops watching. */
  watch(session: WatchedSession, end: () => void): () => void {
    const watch: Watch = { sessionId: session.id, expiresAt: session.expiresAt.getTime(), end };
    this.watches.add(watch);
    return () => {
      this.watches.delete(watch);
    };
  }

  /** Runs a check now, or once more after the one under way (concurrent calls share it). */
  checkSoon(): Promise<void> {
    if (this.checking) {
      this.checkAgain = true;
      return this.checking;
    }
    this.checking = (async () => {
      try {
        do {
          this.checkAgain = false;
          await this.check().catch((error) => this.options.onError?.(error));
        } while (this.checkAgain);
      } finally {
        this.checking = undefined;
      }
    })();
    return this.checking;
  }

  private async check(): Promise<void> {
    // Judge only what was watched when the query was sent; later watches were not asked about.
    const asked = [...this.watches];
    if (asked.length === 0) return;
    const ids = [...new Set(asked.map((watch) => watch.sessionId))];
    const now = Date.now();
    let live: Array<{ id: string; expiresAt: Date }>;
    try {
      // The application's clock, as better-auth uses when it reads a session.
      live = await this.database.db
        .select({ id: authSession.id, expiresAt: authSession.expiresAt })
        .from(authSession)
        .where(and(inArray(authSession.id, ids), gt(authSession.expiresAt, new Date(now))));
    } catch (error) {
      // Without an answer, a session still ends at the expiry last known.
      for (const watch of asked) if (watch.expiresAt <= now) this.finish(watch);
      throw error;
    }
    const expiry = new Map(live.map((row) => [row.id, row.expiresAt.getTime()]));
    for (const watch of asked) {
      const expiresAt = expiry.get(watch.sessionId);
      if (expiresAt === undefined) this.finish(watch);
      // better-auth extends a session in use (daily): remember the new expiry.
      else watch.expiresAt = expiresAt;
    }
  }

  private endSession(sessionId: string) {
    for (const watch of this.watches) if (watch.sessionId === sessionId) this.finish(watch);
  }

  private finish(watch: Watch) {
    if (!this.watches.delete(watch)) return;
    try {
      watch.end();
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  /** Stops checking and listening; what is still watched is left to the caller to end. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.watches.clear();
    await this.unlisten?.().catch(() => {});
    await this.checking;
  }
}
