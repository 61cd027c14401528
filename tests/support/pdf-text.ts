import zlib from "node:zlib";

/**
 * The text a PDF draws, roughly: every content stream inflated and its strings (`<hex> Tj`,
 * `(literal) Tj`, and the arrays of `TJ`) decoded as single-byte text (the catalogue's fonts are
 * WinAnsi). Enough to ask whether a title is printed, not to lay out lines.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString("latin1");
  const texts: string[] = [];
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(source); match; match = streams.exec(source)) {
    const start = match.index + match[0].length;
    const end = source.indexOf("endstream", start);
    if (end === -1) break;
    let body: string;
    try {
      body = zlib.inflateSync(pdf.subarray(start, end)).toString("latin1");
    } catch {
      // Not a compressed stream (an image): no text in it.
      streams.lastIndex = end + "endstream".length;
      continue;
    }
    if (!/\bT[jJ]\b/.test(body)) {
      streams.lastIndex = end + "endstream".length;
      continue;
    }
    for (const piece of body.matchAll(/<([0-9A-Fa-f\s]+)>|\(((?:\\.|[^\\)])*)\)/g))
      texts.push(
        piece[1] !== undefined
          ? Buffer.from(piece[1].replace(/\s/g, ""), "hex").toString("latin1")
          : (piece[2] ?? "").replace(/\\(.)/g, "$1"),
      );
    streams.lastIndex = end + "endstream".length;
  }
  return texts.join(" ");
}
