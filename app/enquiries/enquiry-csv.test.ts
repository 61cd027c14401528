import { describe, expect, it } from "vitest";
import type { Enquiry } from "#app/db/enquiry-schema.ts";
import { csvCell, csvHeader, enquiryCsvLine } from "./enquiry-csv.ts";

describe("CSV export cells", () => {
  it("quotes commas, quotes and line breaks (RFC 4180)", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("one\ntwo")).toBe('"one\ntwo"');
    expect(csvCell("one\r\ntwo")).toBe('"one\r\ntwo"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(42)).toBe("42");
  });

  it("disarms cells a spreadsheet would run as formulas", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell("+61 400 000 000")).toBe("'+61 400 000 000");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1")).toBe("'\t=1");
    expect(csvCell("\r=1")).toBe(`"'\r=1"`);
    expect(csvCell("a=1")).toBe("a=1");
  });

  it("writes one line per enquiry under the header", () => {
    const enquiry = {
      id: 7,
      subject: "work",
      subjectRef: "the-trinket-maker",
      subjectTitle: "The Trinket Maker",
      interests: ["price-availability", "private-viewing"],
      name: 'Zoë, "Z"',
      email: "z@example.test",
      emailKey: "z@example.test",
      message: "Line one\nLine two",
      location: null,
      phone: "+61 3",
      sourcePath: "/art/the-trinket-maker",
      status: "new",
      readAt: null,
      notes: "",
      roomLinkId: null,
      mailId: null,
      createdAt: new Date("2026-11-26T01:00:00.000Z"),
      updatedAt: new Date("2026-11-26T01:00:00.000Z"),
      statusChangedAt: new Date("2026-11-26T01:00:00.000Z"),
    } satisfies Enquiry;
    expect(csvHeader().startsWith("id,received,status,read,subject")).toBe(true);
    expect(enquiryCsvLine(enquiry)).toBe(
      `7,2026-11-26T01:00:00.000Z,new,no,work,the-trinket-maker,The Trinket Maker,price-availability; private-viewing,"Zoë, ""Z""",z@example.test,,'+61 3,"Line one\nLine two",/art/the-trinket-maker,,2026-11-26T01:00:00.000Z\r\n`,
    );
  });
});
