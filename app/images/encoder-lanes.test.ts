import os from "node:os";
import { describe, expect, it } from "vitest";
import { EncoderBusyError, encodesWaiting, setMaxWaiting, withEncoderSlot } from "./encoder-lanes.ts";

describe("encoder lanes", () => {
  it("starts a visitor's JPEG before fallbacks and background work queued earlier", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held = Array.from({ length: os.availableParallelism() }, () => withEncoderSlot("request", () => gate));
    const started: string[] = [];
    const job = (name: string) => async () => {
      started.push(name);
    };
    const queued = [
      withEncoderSlot("warm", job("warm")),
      withEncoderSlot("soon", job("soon")),
      withEncoderSlot("fallback", job("fallback")),
      withEncoderSlot("request", job("request")),
    ];
    release();
    await Promise.all([...held, ...queued]);
    expect(started.slice(0, 2)).toEqual(["request", "fallback"]);
    expect(started.indexOf("soon")).toBeLessThan(started.indexOf("warm"));
  });

  it("refuses work past a lane's bound at once, and takes it again once there is room", async () => {
    const restore = setMaxWaiting({ soon: 1 });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      const running = withEncoderSlot("soon", () => gate);
      const waiting = withEncoderSlot("soon", async () => "waited");
      await expect(withEncoderSlot("soon", async () => "refused")).rejects.toBeInstanceOf(EncoderBusyError);
      expect(encodesWaiting().soon).toBe(1);
      release();
      await running;
      expect(await waiting).toBe("waited");
      expect(await withEncoderSlot("soon", async () => "again")).toBe("again");
    } finally {
      release();
      restore();
    }
  });
});
