import { describe, expect, it } from "vitest";
import { formatFileSize } from "./file-size.ts";

describe("formatFileSize", () => {
  it("states megabytes to one decimal place", () => {
    expect(formatFileSize(38_400_000)).toBe("38.4 MB");
    expect(formatFileSize(1_050_000)).toBe("1.1 MB");
  });
  it("states smaller files in kilobytes, never zero", () => {
    expect(formatFileSize(250_400)).toBe("250 KB");
    expect(formatFileSize(12)).toBe("1 KB");
  });
});
