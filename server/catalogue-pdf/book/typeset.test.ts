import { describe, expect, it } from "vitest";
import { curlyQuotes, withCurlyQuotes } from "./typeset.ts";

describe("curlyQuotes", () => {
  it("turns apostrophes and quotation marks into printer's quotes", () => {
    expect(curlyQuotes("It's All In Your Head")).toBe("It’s All In Your Head");
    expect(curlyQuotes('moved from "workshop of" to the master')).toBe("moved from “workshop of” to the master");
    expect(curlyQuotes("the collectors' trust")).toBe("the collectors’ trust");
    expect(curlyQuotes("'the part of me that still pays attention.'")).toBe(
      "‘the part of me that still pays attention.’",
    );
    expect(curlyQuotes('"Yes," she said.')).toBe("“Yes,” she said.");
  });

  it("leaves text without straight quotes as it is, and reaches every string of the content", () => {
    expect(curlyQuotes("Life Death and Rebirth")).toBe("Life Death and Rebirth");
    expect(withCurlyQuotes({ title: "The Magician's Chest", lines: ["a 'b'"], page: 3 })).toEqual({
      title: "The Magician’s Chest",
      lines: ["a ‘b’"],
      page: 3,
    });
  });
});
