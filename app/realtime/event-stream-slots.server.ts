import { jsonError } from "#app/http/api-errors.server.ts";

/**
 * Admin event streams open at once (issue 42). Each holds a connection and a hub subscription,
 * and opening one costs a session lookup and the opening queries: 1,000 opened together from
 * one session made another visitor wait 8.8 s. A studio needs two a tab (quotes and the inbox
 * count), so a session gets a dozen tabs' worth; the process a few studios' worth.
 */
export const EVENT_STREAMS_PER_SESSION = 24;
export const EVENT_STREAMS_PER_PROCESS = 200;
/** What a refused client is told to wait before trying again (EventSource retries on its own). */
export const EVENT_STREAM_RETRY_SECONDS = 30;

/** A held place for one stream: given back once, when the stream ends or is never opened. */
export interface EventStreamSlot {
  release(): void;
}

/** The session cookie's value (plain or __Secure-), or "" without one: the per-session key. */
export function sessionKeyOf(request: Request): string {
  return /(?:^|;\s*)(?:__Secure-)?umbra\.session_token=([^;]*)/.exec(request.headers.get("cookie") ?? "")?.[1] ?? "";
}

/** Counts the streams each session and the process hold; taking one costs no database work. */
export class EventStreamSlots {
  private readonly bySession = new Map<string, number>();
  private open = 0;

  constructor(
    private readonly perSession = EVENT_STREAMS_PER_SESSION,
    private readonly perProcess = EVENT_STREAMS_PER_PROCESS,
  ) {}

  /** A slot, or the 429 (this session's) or 503 (the process's) to answer instead. */
  take(sessionKey: string): EventStreamSlot | Response {
    const held = this.bySession.get(sessionKey) ?? 0;
    if (held >= this.perSession) {
      return jsonError(
        429,
        "Too many live-update connections from this sign-in. Close some admin tabs; the others keep updating.",
        {},
        { "Retry-After": String(EVENT_STREAM_RETRY_SECONDS) },
      );
    }
    if (this.open >= this.perProcess) {
      return jsonError(
        503,
        "The server holds as many live-update connections as it takes. Reload the page in a minute.",
        {},
        { "Retry-After": String(EVENT_STREAM_RETRY_SECONDS) },
      );
    }
    this.bySession.set(sessionKey, held + 1);
    this.open++;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.open--;
        const left = (this.bySession.get(sessionKey) ?? 1) - 1;
        if (left > 0) this.bySession.set(sessionKey, left);
        else this.bySession.delete(sessionKey);
      },
    };
  }

  /** Streams held now, for tests and health details. */
  held(): number {
    return this.open;
  }
}

/** This process's streams, shared by every admin event route. */
export const eventStreamSlots = new EventStreamSlots();

/**
 * Takes a slot for the request's session before anything else (the session lookup included), or
 * throws the refusal. `open` builds the stream and must hand the slot to it; if `open` fails
 * (no session, a database error), the slot is given back at once.
 */
export async function withEventStreamSlot(
  request: Request,
  open: (slot: EventStreamSlot) => Promise<Response>,
  slots: EventStreamSlots = eventStreamSlots,
): Promise<Response> {
  const slot = slots.take(sessionKeyOf(request));
  if (slot instanceof Response) throw slot;
  try {
    return await open(slot);
  } catch (error) {
    slot.release();
    throw error;
  }
}
