import type { Database } from "#app/db/database.server.ts";
import { MailingRefusal } from "./mailing-refusal.ts";
import { dueMailings, sendMailing } from "./mailing-sending.server.ts";

/** How often a process looks for a scheduled mailing that is due. */
export const SCHEDULE_CHECK_MS = 30_000;

/**
 * Sends scheduled mailings when they fall due (issue 41). Every process runs one; sending
 * locks the mailing and refuses one already on its way, so a mailing due on two processes at
 * once goes out once. A mailing due while every process was down goes at the next start.
 */
export class MailingScheduler {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;

  constructor(
    private readonly database: Database,
    private readonly options: {
      now?: () => Date;
      everyMs?: number;
      onSent?: (id: number, recipients: number) => void;
      onError?: (error: unknown) => void;
    } = {},
  ) {}

  start(): void {
    void this.check();
    this.#timer = setInterval(() => void this.check(), this.options.everyMs ?? SCHEDULE_CHECK_MS);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }

  /** Sends whatever is due now; resolves when done (tests call it directly). */
  check(): Promise<void> {
    this.#running ??= this.#sendDue().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #sendDue(): Promise<void> {
    const now = this.options.now ?? (() => new Date());
    try {
      for (const id of await dueMailings(this.database.db, now())) {
        try {
          const recipients = await sendMailing(this.database.db, id, now());
          this.options.onSent?.(id, recipients);
        } catch (error) {
          // Another process sent it first (409), or it went away (404): nothing to do here.
          if (!(error instanceof MailingRefusal)) throw error;
        }
      }
    } catch (error) {
      this.options.onError?.(error);
    }
  }
}
