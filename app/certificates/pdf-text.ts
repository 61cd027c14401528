// The PDF standard fonts (Times, Helvetica, Courier) print WinAnsi only. A certificate's text
// comes from people (a collector's name): a letter outside it is printed without its accent
// ("Łukasz" -> "Lukasz"), and anything else as "?", never a failed PDF. The signed file keeps
// every character as it was given.
const WINANSI_EXTRA = new Set([..."€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ"].map((char) => char.codePointAt(0)));
const FOLDED: Record<string, string> = { Ł: "L", ł: "l", Đ: "D", đ: "d", Ø: "O", ø: "o", ı: "i", "‐": "-", "−": "-" };

function printableChar(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WINANSI_EXTRA.has(code);
}

export function printable(text: string): string {
  let out = "";
  for (const char of text.replace(/[\r\n\t]+/g, " ")) {
    if (printableChar(char)) {
      out += char;
      continue;
    }
    const folded = FOLDED[char] ?? char.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
    out += [...folded].every(printableChar) && folded.length > 0 ? folded : "?";
  }
  return out;
}
