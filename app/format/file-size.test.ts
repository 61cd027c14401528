import { describe, expect, it } from "vitest";
import { formatBinaryFileSize, formatFileSize } from "./file-size.ts";

describe("formatFileSize (a visitor's download, decimal units)", () => {
  it("states megabytes to one decimal place", () => {
    expect(formatFileSize(38_400_000)).toBe("38.4 MB");
    expect(formatFileSize(1_050_000)).toBe("1.1 MB");
  });
  it("states smaller files in kilobytes, never zero", () => {
    expect(formatFileSize(250_400)).toBe("250 KB");
    expect(formatFileSize(12)).toBe("1 KB");
  });
});

describe("formatBinaryFileSize (the studio's uploads, binary units like their limits)", () => {
  it("says a small file's size in KB and a large one's in MB, never 0.0 MB", () => {
    expect(formatBinaryFileSize(300)).toBe("1 KB");
    expect(formatBinaryFileSize(420 * 1024)).toBe("420 KB");
    expect(formatBinaryFileSize(3.2 * 1024 * 1024)).toBe("3.2 MB");
  });
  it("reads a file just over a 40 MB limit as over it, where decimal units would not agree", () => {
    const justOver = 40 * 1024 * 1024 + 1;
    expect(formatBinaryFileSize(justOver)).toBe("40.0 MB");
    expect(formatBinaryFileSize(41 * 1024 * 1024)).toBe("41.0 MB");
    expect(formatFileSize(justOver)).toBe("41.9 MB");
  });
});
