// A certificate of authenticity as a printable PDF (issue 40), A4 or US Letter: the work's
// picture, its facts, the print's number, the collector line, the issue date, and the verify
// address with its QR code. What it prints is read from the signed credential, so the paper
// says what the file says.
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { issueDay } from "./certificate-page-lines.ts";
import { verifyQrPng } from "./certificate-qr.ts";
import type { CertificateCredential } from "./certificate-schema.ts";
import { printable } from "./pdf-text.ts";

export const PAPERS = {
  a4: { width: 595.28, height: 841.89, name: "A4" },
  letter: { width: 612, height: 792, name: "Letter" },
} as const;
export type Paper = keyof typeof PAPERS;

const MARGIN = 56;
const QR_SIZE = 96;
const INK = rgb(0.11, 0.1, 0.09);
const MUTED = rgb(0.42, 0.4, 0.37);
const RULE = rgb(0.78, 0.76, 0.72);

interface Fonts {
  serif: PDFFont;
  italic: PDFFont;
  sans: PDFFont;
  sansBold: PDFFont;
  mono: PDFFont;
}

export interface CertificatePdfInput {
  credential: CertificateCredential;
  /** The work's picture, a JPEG. */
  jpeg: Uint8Array;
  paper: Paper;
}

export async function certificatePdf(input: CertificatePdfInput): Promise<Uint8Array> {
  const { credential, paper } = input;
  const facts = credential.credentialSubject;
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(`Certificate of authenticity: ${facts.title}, ${facts.edition}`));
  pdf.setAuthor(printable(facts.artist));
  pdf.setSubject(credential.id);
  pdf.setCreationDate(new Date(credential.validFrom));
  pdf.setModificationDate(new Date(credential.validFrom));
  const fonts: Fonts = {
    serif: await pdf.embedFont(StandardFonts.TimesRoman),
    italic: await pdf.embedFont(StandardFonts.TimesRomanItalic),
    sans: await pdf.embedFont(StandardFonts.Helvetica),
    sansBold: await pdf.embedFont(StandardFonts.HelveticaBold),
    mono: await pdf.embedFont(StandardFonts.Courier),
  };
  const size = PAPERS[paper];
  const page = pdf.addPage([size.width, size.height]);
  const lines = factLines(credential);
  let y = drawHeading(page, fonts, facts.artist);
  // The picture takes what the title, the facts and the verify block leave, a third of the page at most.
  const below =
    titleHeight(page, fonts, facts.title) + drawFacts(page, fonts, lines, undefined) + MARGIN + QR_SIZE + 24;
  y = await drawPicture(pdf, page, input.jpeg, y, Math.min(size.height * 0.34, y - below - 30));
  y = drawTitle(page, fonts, facts.title, facts.year, y);
  drawFacts(page, fonts, lines, y);
  await drawVerify(pdf, page, fonts, credential);
  return pdf.save({ useObjectStreams: false });
}

/** The facts in the order a printed certificate reads; a private collector is said to be private. */
function factLines(credential: CertificateCredential): Array<[string, string, "mono"?]> {
  const facts = credential.credentialSubject;
  const lines: Array<[string, string, "mono"?]> = [
    ["Artist", facts.artist],
    ["Medium", facts.medium],
    ["Size", facts.size],
    ["Edition", facts.edition],
  ];
  if (facts.token) lines.push(["Minted", `${facts.token.chain}, ${facts.token.mintAddress}`]);
  lines.push(
    ["Collector", "name" in facts.collector ? facts.collector.name : "Private, at the collector's wish"],
    ["Issued", issueDay(credential.validFrom)],
    ["Image SHA-256", facts.imageSha256, "mono"],
  );
  return lines;
}

function drawHeading(page: PDFPage, fonts: Fonts, artist: string): number {
  const { width, height } = page.getSize();
  const top = height - MARGIN;
  centred(page, "CERTIFICATE OF AUTHENTICITY", top - 10, fonts.sansBold, 10, MUTED);
  centred(page, printable(artist), top - 34, fonts.serif, 20, INK);
  page.drawLine({
    start: { x: MARGIN, y: top - 48 },
    end: { x: width - MARGIN, y: top - 48 },
    thickness: 0.5,
    color: RULE,
  });
  return top - 64;
}

/** The picture, as large as fits `maxHeight`, centred; returns the y below it. */
async function drawPicture(pdf: PDFDocument, page: PDFPage, jpeg: Uint8Array, top: number, maxHeight: number) {
  // A copy: pdf-lib reads a JPEG through its whole ArrayBuffer, ignoring a view's offset (a pooled Buffer).
  const image = await pdf.embedJpg(Uint8Array.from(jpeg));
  const { width } = page.getSize();
  const box = { width: width - 2 * MARGIN, height: Math.max(maxHeight, 60) };
  const scale = Math.min(box.width / image.width, box.height / image.height);
  const shown = { width: image.width * scale, height: image.height * scale };
  page.drawImage(image, { x: (width - shown.width) / 2, y: top - shown.height, ...shown });
  return top - shown.height - 30;
}

const titleLines = (page: PDFPage, fonts: Fonts, title: string) =>
  wrap(printable(title), fonts.italic, 22, page.getSize().width - 2 * MARGIN);

function titleHeight(page: PDFPage, fonts: Fonts, title: string): number {
  return titleLines(page, fonts, title).length * 26 + 30;
}

function drawTitle(page: PDFPage, fonts: Fonts, title: string, year: string, top: number): number {
  const lines = titleLines(page, fonts, title);
  let y = top;
  for (const line of lines) {
    centred(page, line, y, fonts.italic, 22, INK);
    y -= 26;
  }
  centred(page, year, y, fonts.serif, 13, MUTED);
  return y - 30;
}

/**
 * Label and value columns; a long value (a mint address, the hash) wraps in its column. Without
 * `top` it only measures. Returns the height used.
 */
function drawFacts(page: PDFPage, fonts: Fonts, lines: Array<[string, string, "mono"?]>, top: number | undefined) {
  const labelWidth = 96;
  const valueWidth = page.getSize().width - 2 * MARGIN - labelWidth;
  let y = top ?? 0;
  for (const [label, value, style] of lines) {
    if (top !== undefined) {
      page.drawText(label.toUpperCase(), { x: MARGIN, y, size: 7.5, font: fonts.sansBold, color: MUTED });
    }
    const font = style === "mono" ? fonts.mono : fonts.serif;
    const fontSize = style === "mono" ? 8 : 11;
    for (const line of wrap(printable(value), font, fontSize, valueWidth)) {
      if (top !== undefined) page.drawText(line, { x: MARGIN + labelWidth, y, size: fontSize, font, color: INK });
      y -= fontSize + 4;
    }
    y -= 6;
  }
  return (top ?? 0) - y;
}

/** The QR code to the verify page at the foot, with the address printed beside it. */
async function drawVerify(pdf: PDFDocument, page: PDFPage, fonts: Fonts, credential: CertificateCredential) {
  const { width } = page.getSize();
  const qr = await pdf.embedPng(await verifyQrPng(credential.id));
  const bottom = MARGIN;
  page.drawImage(qr, { x: width - MARGIN - QR_SIZE, y: bottom, width: QR_SIZE, height: QR_SIZE });
  const textWidth = width - 2 * MARGIN - QR_SIZE - 24;
  let y = bottom + QR_SIZE - 10;
  page.drawText("VERIFY THIS CERTIFICATE", { x: MARGIN, y, size: 7.5, font: fonts.sansBold, color: MUTED });
  y -= 16;
  for (const line of wrap(credential.id, fonts.sans, 10, textWidth)) {
    page.drawText(line, { x: MARGIN, y, size: 10, font: fonts.sans, color: INK });
    y -= 14;
  }
  const note =
    "Scan the code or open the address to see this certificate's state. The signed file sent with it (.vc.jwt) proves it was issued by the studio; a changed character makes it fail.";
  for (const line of wrap(note, fonts.serif, 9, textWidth)) {
    y -= 2;
    page.drawText(line, { x: MARGIN, y, size: 9, font: fonts.serif, color: MUTED });
    y -= 11;
  }
}

function centred(page: PDFPage, text: string, y: number, font: PDFFont, size: number, color = INK) {
  const x = (page.getSize().width - font.widthOfTextAtSize(text, size)) / 2;
  page.drawText(text, { x, y, size, font, color });
}

/** Greedy line breaks at spaces; a word wider than the measure (a hash, an address) is cut. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width;
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
      if (line) lines.push(line);
      lines.push(rest.slice(0, cut));
      line = "";
      rest = rest.slice(cut);
    }
    const joined = line ? `${line} ${rest}` : rest;
    if (fits(joined)) line = joined;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line) lines.push(line);
  return lines;
}
