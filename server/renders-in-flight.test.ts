import { describe, expect, it } from "vitest";
import type { PreparedAnswer } from "./compressed-body.ts";
import { type RenderOutcome, RendersInFlight } from "./renders-in-flight.ts";

const page = { body: { identity: Buffer.from("page"), etag: '"1"' }, heads: {} } as unknown as PreparedAnswer;

describe("renders in flight", () => {
  it("hands every waiter the one outcome once, then lets a new render start", () => {
    const inFlight = new RendersInFlight();
    expect(inFlight.join("/about", () => {})).toBe(false);
    const flight = inFlight.start("/about");
    const got: RenderOutcome[] = [];
    for (let i = 0; i < 3; i++) expect(inFlight.join("/about", (outcome) => got.push(outcome))).toBe(true);
    expect(inFlight.join("/cv", () => {})).toBe(false);
    expect(flight.waiters()).toBe(3);
    flight.settle(page);
    flight.settle("not kept");
    expect(got).toEqual([page, page, page]);
    expect(got[0]).toBe(got[2]);
    expect(inFlight.size).toBe(0);
    expect(inFlight.join("/about", () => {})).toBe(false);
  });

  it("answers a crowd of waiters a batch at a time, with other work in between", async () => {
    const inFlight = new RendersInFlight();
    const flight = inFlight.start("/about");
    const order: string[] = [];
    // Waits for the last waiter rather than a fixed time: a busy machine can run the batches later.
    const lastAnswered = new Promise<void>((resolve) => {
      for (let i = 0; i < 200; i++)
        inFlight.join("/about", () => {
          order.push(`waiter ${i}`);
          if (i === 199) resolve();
        });
    });
    setImmediate(() => order.push("another request"));
    flight.settle(page);
    await lastAnswered;
    expect(order).toHaveLength(201);
    const other = order.indexOf("another request");
    expect(other).toBeGreaterThan(0);
    expect(other).toBeLessThan(200);
  });
});
