import { describe, expect, it } from "vitest";
import { ownersByPrint, publicOwnerLine } from "./public-owner.ts";

describe("the public provenance's words", () => {
  it("says who acquired a print from the artist, or a private collection, by month", () => {
    expect(publicOwnerLine({ print: "3/8", owner: "Ada Lovelace", acquired: "2026-11", fromTheArtist: true })).toBe(
      "Acquired from the artist by Ada Lovelace, November 2026",
    );
    expect(publicOwnerLine({ print: "3/8", owner: null, acquired: "2026-11", fromTheArtist: true })).toBe(
      "Private collection, acquired from the artist, November 2026",
    );
    expect(publicOwnerLine({ print: null, owner: null, acquired: "2027-03", fromTheArtist: false })).toBe(
      "Private collection, March 2027",
    );
    expect(publicOwnerLine({ print: null, owner: "Di", acquired: "2027-03", fromTheArtist: false })).toBe(
      "Di, March 2027",
    );
  });

  it("groups the entries print by print, in the ledger's order", () => {
    const groups = ownersByPrint([
      { print: "3/8", owner: null, acquired: "2026-11", fromTheArtist: true },
      { print: "3/8", owner: "Di", acquired: "2027-03", fromTheArtist: false },
      { print: "5/8", owner: null, acquired: "2026-12", fromTheArtist: true },
    ]);
    expect(groups.map((group) => [group.print, group.lines.length])).toEqual([
      ["3/8", 2],
      ["5/8", 1],
    ]);
  });
});
