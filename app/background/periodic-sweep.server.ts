/**
 * A clean-up each process runs once at start (in the background, so start-up does not wait for
 * it) and then every `intervalMs`: the enquiry retention and the unnamed uploaded files. A sweep
 * called while one runs shares it; a failure goes to `onError` and never stops the next one.
 */
export class PeriodicSweep {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly run: () => Promise<void>,
    private readonly schedule: { intervalMs: number; onError?: (error: unknown) => void },
  ) {}

  start(): void {
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), this.schedule.intervalMs);
    this.timer.unref();
  }

  /** One sweep (concurrent calls share it); never throws. */
  sweep(): Promise<void> {
    this.running ??= (async () => {
      try {
        await this.run();
      } catch (error) {
        this.schedule.onError?.(error);
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
