import { describe, expect, it } from "vitest";
import { cataloguePdfLine } from "./catalogue-pdf-line.ts";

const at = new Date("2026-11-26T14:02:00Z");

describe("the content editor's line on the catalogue PDF", () => {
  it("says when the served PDF was rebuilt and its size", () => {
    expect(cataloguePdfLine({ served: { bytes: 2_440_584 }, rebuiltAt: at, rebuilding: false })).toEqual({
      text: "Catalogue PDF: rebuilt 26 Nov 2026, 14:02 UTC, 2.4 MB.",
      failed: false,
    });
    expect(cataloguePdfLine({ served: { bytes: 2_440_584 }, rebuilding: false })?.text).toBe(
      "Catalogue PDF: as built, 2.4 MB.",
    );
  });

  it("says a rebuild is under way and the previous one is served meanwhile", () => {
    expect(cataloguePdfLine({ served: { bytes: 2_440_584 }, rebuilding: true })?.text).toBe(
      "Catalogue PDF: being rebuilt for the latest changes; the previous one is served (as built, 2.4 MB).",
    );
  });

  it("says why the last rebuild failed, first line only, and that the previous one is served", () => {
    const line = cataloguePdfLine({
      served: { bytes: 2_440_584 },
      rebuiltAt: at,
      rebuilding: false,
      failure: { reason: "content/works/x.md: title: has a character the PDF cannot print.\nmore", at },
    });
    expect(line).toEqual({
      text: "Catalogue PDF: last rebuild failed (26 Nov 2026, 14:02 UTC): content/works/x.md: title: has a character the PDF cannot print. The previous one is served (rebuilt 26 Nov 2026, 14:02 UTC, 2.4 MB).",
      failed: true,
    });
  });

  it("shows nothing where there are no rebuilds (a test's bare context)", () => {
    expect(cataloguePdfLine(undefined)).toBeUndefined();
  });
});
