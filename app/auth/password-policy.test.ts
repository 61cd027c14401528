import { describe, expect, it } from "vitest";
import { passwordProblem } from "./password-policy.ts";

describe("passwordProblem", () => {
  it("refuses passwords shorter than 12 characters", () => {
    expect(passwordProblem("short-pass1")).toMatch(/at least 12/);
  });
  it("refuses passwords longer than 128 characters", () => {
    expect(passwordProblem("x".repeat(129))).toMatch(/at most 128/);
  });
  it("counts characters, not UTF-16 units", () => {
    // Twelve emoji are 24 UTF-16 units but twelve characters.
    expect(passwordProblem("🌑".repeat(12))).toBeNull();
    expect(passwordProblem("🌑".repeat(11))).toMatch(/at least 12/);
  });
  it("refuses common passwords whatever their case", () => {
    expect(passwordProblem("Password1234")).toMatch(/too common/);
    expect(passwordProblem("QWERTY123456")).toMatch(/too common/);
  });
  it("accepts any characters at a policy length", () => {
    expect(passwordProblem("moth lantern 9 ~ quiet")).toBeNull();
    expect(passwordProblem("x".repeat(128))).toBeNull();
  });
});
