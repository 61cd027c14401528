/**
 * The set rate of bulk mail (MAIL_RATE_PER_MINUTE): one message every 60,000 / rate ms, evenly
 * spaced rather than in bursts, as mail providers count. Each sender process paces itself.
 */
export class SendPace {
  readonly intervalMs: number;
  private nextAt = Number.NEGATIVE_INFINITY;

  constructor(
    ratePerMinute: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    if (!(ratePerMinute > 0)) throw new RangeError("the rate must be more than 0 a minute");
    this.intervalMs = 60_000 / ratePerMinute;
  }

  /** How long until the next message may go (0: now). */
  msUntilNext(): number {
    return Math.max(0, this.nextAt - this.now());
  }

  /**
   * A message is going now: the next may go one interval later. Counted from when this one was
   * due, not from now, so a rate the sender can keep up with is kept exactly; after a pause no
   * burst makes up for lost time.
   */
  took(): void {
    const now = this.now();
    this.nextAt = Math.max(now, this.nextAt) + this.intervalMs;
  }
}
