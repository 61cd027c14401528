/**
 * The catalogue is set in the PDF standard fonts (Times, Helvetica), which encode WinAnsi only:
 * printable ASCII, Latin-1 and these 27 extra characters in 0x80-0x9F. Anything else (e.g. "≠",
 * "ā", an emoji) cannot be drawn, so the build stops and names the file and the character rather
 * than dropping it silently.
 */
const WINANSI_EXTRA = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";
const extra = new Set([...WINANSI_EXTRA].map((c) => c.codePointAt(0)));

export function isWinAnsi(codePoint: number): boolean {
  return (codePoint >= 0x20 && codePoint <= 0x7e) || (codePoint >= 0xa0 && codePoint <= 0xff) || extra.has(codePoint);
}

/** The first character of `text` that the standard fonts cannot print (line breaks and tabs are layout, not print). */
export function firstUnprintable(text: string): { char: string; codePoint: number; line: number } | undefined {
  let line = 1;
  for (const char of text) {
    if (char === "\n") line++;
    const codePoint = char.codePointAt(0) ?? 0;
    if (char === "\n" || char === "\r" || char === "\t") continue;
    if (!isWinAnsi(codePoint)) return { char, codePoint, line };
  }
  return undefined;
}

/** "U+2260" */
export const unicodeName = (codePoint: number) => `U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}`;
