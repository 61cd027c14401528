import { z } from "zod";
import type { Database, Unlisten } from "#app/db/database.server.ts";
import { type AdminEventHub, formatEvent, refetchEvent } from "#app/realtime/admin-event-hub.server.ts";
import { type InboxCounts, inboxCounts } from "./inbox.server.ts";

/** The NOTIFY channel the enquiries trigger writes to (migration 0005). */
export const ENQUIRIES_CHANNEL = "enquiries_changed";

const notification = z.object({ op: z.enum(["INSERT", "UPDATE", "DELETE"]), id: z.number().int() });

export type EnquiryChange = z.infer<typeof notification>;

/** The `counts` event: the navigation's unread count and the inbox's per-status counts. */
export function countsEvent(counts: InboxCounts): string {
  return formatEvent("counts", counts);
}

/**
 * Relays enquiry changes to this process's admin streams of topic "enquiries" (the admin event
 * hub's clients, so the same session watch and heartbeat end and keep them). The trigger NOTIFYs
 * `{op, id}` on every change, from any process or from SQL; this LISTENs once per process and,
 * for each burst of changes (gathered for `gatherMs`), sends one `enquiry` event per change and
 * one `counts` event from a single count query, and nothing at all when no inbox is open. When
 * notifications may have been lost (the listening connection dropped and came back) it sends
 * `refetch` and fresh counts.
 */
export class EnquiryEventRelay {
  private unlisten: Unlisten | undefined;
  private pending: EnquiryChange[] = [];
  private timer: NodeJS.Timeout | undefined;
  private resync = false;

  constructor(
    private readonly database: Database,
    private readonly hub: AdminEventHub,
    private readonly options: { gatherMs?: number; onError?: (error: unknown) => void } = {},
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(ENQUIRIES_CHANNEL, {
      onPayload: (payload) => {
        let parsed: ReturnType<typeof notification.safeParse>;
        try {
          parsed = notification.safeParse(JSON.parse(payload));
        } catch {
          return;
        }
        if (!parsed.success) return;
        this.pending.push(parsed.data);
        this.schedule();
      },
      onGap: () => {
        this.resync = true;
        this.schedule();
      },
    });
  }

  private schedule() {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush().catch((error) => this.options.onError?.(error));
    }, this.options.gatherMs ?? 25);
  }

  private async flush() {
    const changes = this.pending;
    const resync = this.resync;
    this.pending = [];
    this.resync = false;
    if (this.hub.sizeOf("enquiries") === 0) return;
    if (resync) this.hub.broadcast(refetchEvent, "enquiries");
    // A long burst (a sweep, a forgotten address) is one refetch, not thousands of events.
    if (changes.length > 200) this.hub.broadcast(refetchEvent, "enquiries");
    else for (const change of changes) this.hub.broadcast(formatEvent("enquiry", change), "enquiries");
    this.hub.broadcast(countsEvent(await inboxCounts(this.database.db)), "enquiries");
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.unlisten?.().catch(() => {});
  }
}
