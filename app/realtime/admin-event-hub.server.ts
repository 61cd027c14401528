import { z } from "zod";
import type { Database, Unlisten } from "#app/db/database.server.ts";
import { type AdminQuote, toAdminQuote } from "#app/quotes/quote-views.ts";
import { getQuote } from "#app/quotes/quotes.server.ts";
import { SessionWatch, type WatchedSession } from "./session-watch.server.ts";

/** The NOTIFY channel the quotes trigger writes to (migration 0009; 0001 named it tweets_changed). */
export const QUOTES_CHANNEL = "quotes_changed";

/**
 * One connected event-stream client. `send` gets ready-made server-sent-event text; `close`
 * ends the response. Every client belongs to the session it was opened with, and is closed
 * when that session ends (session-watch.server.ts).
 */
export interface EventClient {
  session: WatchedSession;
  /** What the stream carries: quote changes (the default) or the enquiry inbox's (issue 21). */
  topic?: EventTopic;
  send(chunk: string): void;
  close(): void;
}

const notification = z.object({
  op: z.enum(["INSERT", "UPDATE", "DELETE"]),
  id: z.number().int(),
  row: z
    .object({
      id: z.number().int(),
      text: z.string(),
      created_at: z.coerce.date(),
      include_in_search: z.boolean(),
      updated_at: z.coerce.date(),
      change_seq: z.coerce.number().int(),
    })
    .optional(),
});

/** The admin streams this hub feeds: one heartbeat and one session watch for all of them. */
export type EventTopic = "quotes" | "enquiries";

/** Formats one server-sent event. */
export function formatEvent(event: string, data: unknown, id?: number): string {
  return `${id === undefined ? "" : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function quoteEvent(seq: number, quote: AdminQuote): string {
  return formatEvent("quote", { quote }, seq);
}

export const refetchEvent = formatEvent("refetch", {});

/** Told about every quote change this process hears of (public-quote-cache.server.ts). */
export interface QuoteChangeListener {
  /** A quote changed, or may have: listening started, or resumed after a drop. */
  changed(): void;
  /** Listening stopped: changes will go unheard until `changed` is called again. */
  deaf(): void;
}

/**
 * The studio's live event streams (quote changes and the enquiry inbox's, by topic: decision
 * 066 named it for both; it was QuoteEventHub). Fans quote changes out to this process's
 * event-stream clients; enquiry-events.server.ts publishes the inbox's on it. The database trigger sends
 * NOTIFY on every change; this hub LISTENs once per process and forwards each changed row to
 * every client, sends heartbeats, and tells clients to refetch when notifications may have been
 * lost (the listening connection dropped). A client is closed when its session ends.
 */
export class AdminEventHub {
  private readonly clients = new Map<EventClient, () => void>();
  private readonly changeListeners = new Set<QuoteChangeListener>();
  private readonly sessions: SessionWatch;
  private unlisten: Unlisten | undefined;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: Database,
    private readonly options: {
      heartbeatMs?: number;
      /** How often open streams' sessions are checked against the database (default 5 s). */
      sessionCheckMs?: number;
      onError?: (error: unknown) => void;
      /** The listening connection was lost, or is back (for the log: what an operator sees of an outage). */
      onConnection?: (state: "lost" | "back") => void;
    } = {},
  ) {
    this.sessions = new SessionWatch(database, { intervalMs: options.sessionCheckMs, onError: options.onError });
  }

  async start(): Promise<void> {
    await this.sessions.start();
    this.unlisten = await this.database.listen(QUOTES_CHANNEL, {
      onPayload: (payload) => {
        for (const listener of this.changeListeners) listener.changed();
        this.forward(payload).catch((error) => this.options.onError?.(error));
      },
      onGap: () => {
        for (const listener of this.changeListeners) listener.changed();
        this.broadcast(refetchEvent);
        this.options.onConnection?.("back");
      },
      onDrop: () => {
        for (const listener of this.changeListeners) listener.deaf();
        this.options.onConnection?.("lost");
      },
    });
    for (const listener of this.changeListeners) listener.changed();
    this.heartbeat = setInterval(() => this.broadcastToAll(": heartbeat\n\n"), this.options.heartbeatMs ?? 15_000);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.clients.size;
  }

  /** How many streams of one topic are open (an enquiry change is read only when someone watches). */
  sizeOf(topic: EventTopic): number {
    let n = 0;
    for (const client of this.clients.keys()) if ((client.topic ?? "quotes") === topic) n++;
    return n;
  }

  /** Adds a listener for quote changes (before `start`, so it hears that listening began). */
  onChange(listener: QuoteChangeListener): () => void {
    this.changeListeners.add(listener);
    return () => {
      this.changeListeners.delete(listener);
    };
  }

  /** Adds a client, closed when its session ends; returns the function that removes it. */
  subscribe(client: EventClient): () => void {
    const unwatch = this.sessions.watch(client.session, () => {
      this.remove(client);
      client.close();
    });
    this.clients.set(client, unwatch);
    return () => this.remove(client);
  }

  /** Sends to every stream of a topic (quotes unless told). */
  broadcast(chunk: string, topic: EventTopic = "quotes") {
    for (const client of this.clients.keys()) {
      if ((client.topic ?? "quotes") === topic) this.sendTo(client, chunk);
    }
  }

  private broadcastToAll(chunk: string) {
    for (const client of this.clients.keys()) this.sendTo(client, chunk);
  }

  private sendTo(client: EventClient, chunk: string) {
    try {
      client.send(chunk);
    } catch {
      this.remove(client);
    }
  }

  private remove(client: EventClient) {
    this.clients.get(client)?.();
    this.clients.delete(client);
  }

  private async forward(payload: string) {
    const parsed = notification.safeParse(JSON.parse(payload));
    if (!parsed.success) return;
    const { op, id, row } = parsed.data;
    if (op === "DELETE") {
      this.broadcast(formatEvent("quote-deleted", { id }));
      return;
    }
    if (row) {
      this.broadcast(
        quoteEvent(
          row.change_seq,
          toAdminQuote({
            id: row.id,
            text: row.text,
            createdAt: row.created_at,
            includeInSearch: row.include_in_search,
            updatedAt: row.updated_at,
          }),
        ),
      );
      return;
    }
    // The row was too large for NOTIFY: read it.
    const quote = await getQuote(this.database.db, id);
    if (quote) this.broadcast(formatEvent("quote", { quote }));
  }

  /** Ends every stream (graceful shutdown) and stops listening. */
  async stop(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const listener of this.changeListeners) listener.deaf();
    await this.sessions.stop();
    for (const client of this.clients.keys()) {
      try {
        client.close();
      } catch {
        // Already closed.
      }
    }
    this.clients.clear();
    await this.unlisten?.().catch(() => {});
  }
}
