import { describe, expect, it } from "vitest";
import { SendPace } from "./send-pace.ts";

describe("SendPace", () => {
  it("spaces messages evenly at the set rate: 600 a minute is one every 100 ms", () => {
    let now = 1_000;
    const pace = new SendPace(600, () => now);
    expect(pace.msUntilNext()).toBe(0);
    pace.took();
    expect(pace.msUntilNext()).toBe(100);
    now += 40;
    expect(pace.msUntilNext()).toBe(60);
    now += 60;
    expect(pace.msUntilNext()).toBe(0);
  });

  it("keeps the rate when sends run a little late, and makes up no lost time after a pause", () => {
    let now = 0;
    const pace = new SendPace(600, () => now);
    pace.took();
    now = 130; // 30 ms late
    pace.took();
    expect(pace.msUntilNext()).toBe(100);
    now = 10_000; // a long pause: no burst of the 97 messages it could have sent
    pace.took();
    expect(pace.msUntilNext()).toBe(100);
  });

  it("refuses a rate of nothing", () => {
    expect(() => new SendPace(0)).toThrow(RangeError);
  });
});
