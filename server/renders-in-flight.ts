import type { ServerResponse } from "node:http";
import type { PreparedAnswer } from "./compressed-body.ts";

/**
 * What a render that others waited for came to: the page to send them, "leader left" (the
 * request it was rendered for closed before its page was whole: the waiters ask again, one of
 * them rendering) or "not kept" (its answer was not a page to share, an error or a page too
 * large: each waiter has it rendered for itself, as such pages always are).
 */
export type RenderOutcome = PreparedAnswer | "leader left" | "not kept";

/** One render under way, as the request it is rendered for holds it. */
export interface Flight {
  /** Ends the flight and hands every waiter the outcome. Settling again does nothing. */
  settle(outcome: RenderOutcome): void;
  waiters(): number;
}

/**
 * Renders under way, one per key (single flight): the first request for a page not in memory
 * renders it, and every request for the same key while that render lasts waits for its result
 * instead of rendering the page again (issue 42: 1,000 requests for a cold page were 1,000
 * renders, and other visitors waited 11 s). The key names what is rendered, content version
 * included, so a render begun before a publish is never the answer to a request made after it.
 *
 * Waiters hold a callback, not a copy: they all get the one answer the render made. Their
 * number is bounded by the connections a process takes (site-server.ts, decision 025).
 */
export class RendersInFlight {
  private readonly flights = new Map<string, Array<(outcome: RenderOutcome) => void>>();

  /**
   * Joins the render under way for `key`, if there is one: `wait` is called once, with what the
   * render came to. Returns false when no render is under way.
   */
  join(key: string, wait: (outcome: RenderOutcome) => void): boolean {
    const waiters = this.flights.get(key);
    if (!waiters) return false;
    waiters.push(wait);
    return true;
  }

  /** Starts the render for `key`: later requests join it until it is settled. */
  start(key: string): Flight {
    const waiters: Array<(outcome: RenderOutcome) => void> = [];
    this.flights.set(key, waiters);
    let settled = false;
    return {
      settle: (outcome) => {
        if (settled) return;
        settled = true;
        if (this.flights.get(key) === waiters) this.flights.delete(key);
        answerInBatches(waiters, outcome, 0);
      },
      waiters: () => waiters.length,
    };
  }

  get size(): number {
    return this.flights.size;
  }
}

/**
 * Waiters answered at most this many at a time, other requests served in between: a thousand
 * answers written in one go would hold every other visitor for as long as they take.
 */
const WAITERS_AT_ONCE = 64;

function answerInBatches(waiters: Array<(outcome: RenderOutcome) => void>, outcome: RenderOutcome, from: number) {
  const to = Math.min(from + WAITERS_AT_ONCE, waiters.length);
  for (let i = from; i < to; i++) waiters[i]?.(outcome);
  if (to < waiters.length) setImmediate(answerInBatches, waiters, outcome, to);
}

/**
 * What a waiting request does with the outcome of the render it waited for: sends the page
 * (`send`), has the app render it for itself (`passOn`), or, when the visitor it was rendered
 * for left, asks again from the top (`askAgain`, false when this request is now the one whose
 * render the others wait for: it is passed on to be rendered). Nothing for a visitor who left.
 */
export function waiting(
  res: ServerResponse,
  { send, askAgain, passOn }: { send: (answer: PreparedAnswer) => void; askAgain: () => boolean; passOn: () => void },
): (outcome: RenderOutcome) => void {
  return (outcome) => {
    if (res.destroyed || res.headersSent) return;
    if (typeof outcome !== "string") send(outcome);
    else if (outcome === "not kept" || !askAgain()) passOn();
  };
}

/**
 * Settles `flight` when the answer it is rendered for closes without a page captured for the
 * waiters (`captured`): "not kept" when that answer was sent whole (not a page to share),
 * "leader left" when its visitor left first.
 */
export function settleWhenUncaptured(res: ServerResponse, flight: Flight, captured: () => boolean): void {
  res.once("close", () => {
    if (!captured()) flight.settle(res.writableFinished ? "not kept" : "leader left");
  });
}
