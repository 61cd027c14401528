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
export class RendersInFlight<Outcome> {
  private readonly flights = new Map<string, Array<(outcome: Outcome) => void>>();

  /**
   * Joins the render under way for `key`, if there is one: `wait` is called once, with what the
   * render came to. Returns false when no render is under way.
   */
  join(key: string, wait: (outcome: Outcome) => void): boolean {
    const waiters = this.flights.get(key);
    if (!waiters) return false;
    waiters.push(wait);
    return true;
  }

  /**
   * Starts the render for `key`: later requests join it until `settle` is called, which ends the
   * flight and hands every waiter the outcome. Settling again does nothing.
   */
  start(key: string): { settle(outcome: Outcome): void; waiters(): number } {
    const waiters: Array<(outcome: Outcome) => void> = [];
    this.flights.set(key, waiters);
    let settled = false;
    return {
      settle: (outcome) => {
        if (settled) return;
        settled = true;
        if (this.flights.get(key) === waiters) this.flights.delete(key);
        for (const wait of waiters) wait(outcome);
      },
      waiters: () => waiters.length,
    };
  }

  /** Whether a render for `key` is under way. */
  has(key: string): boolean {
    return this.flights.has(key);
  }

  get size(): number {
    return this.flights.size;
  }
}
