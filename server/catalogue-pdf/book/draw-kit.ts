import type { Color, PDFFont, PDFImage, PDFPage } from "pdf-lib";
import { COLOR, MARGIN, PAGE } from "./book-format.ts";
import { breakLines, type SetLine } from "./layout-text.ts";

export interface Fonts {
  serif: PDFFont;
  serifItalic: PDFFont;
  serifBold: PDFFont;
  sans: PDFFont;
  sansBold: PDFFont;
}

export interface TextStyle {
  font: PDFFont;
  size: number;
  color?: Color;
  leading?: number;
  /** Set in capitals. */
  caps?: boolean;
}

/** Capitals for labels and running heads (the standard fonts have no small capitals or tracking). */
export const spaced = (text: string) => text.toUpperCase();

export function drawLine(page: PDFPage, text: string, x: number, y: number, style: TextStyle): void {
  page.drawText(style.caps ? spaced(text) : text, {
    x,
    y,
    size: style.size,
    font: style.font,
    color: style.color ?? COLOR.ink,
  });
}

/** Text right-aligned on `right`. */
export function drawRight(page: PDFPage, text: string, right: number, y: number, style: TextStyle): void {
  const shown = style.caps ? spaced(text) : text;
  drawLine(page, shown, right - style.font.widthOfTextAtSize(shown, style.size), y, { ...style, caps: false });
}

export function drawCentred(page: PDFPage, text: string, y: number, style: TextStyle): void {
  const shown = style.caps ? spaced(text) : text;
  drawLine(page, shown, (PAGE.width - style.font.widthOfTextAtSize(shown, style.size)) / 2, y, {
    ...style,
    caps: false,
  });
}

/** A ragged-right paragraph from the baseline `y` down; returns the baseline after its last line. */
export function drawWrapped(
  page: PDFPage,
  text: string,
  x: number,
  y: number,
  width: number,
  style: TextStyle,
): number {
  const leading = style.leading ?? style.size * 1.4;
  let baseline = y;
  for (const words of breakLines(text, width, (line) => style.font.widthOfTextAtSize(line, style.size) <= width)) {
    drawLine(page, words.join(" "), x, baseline, style);
    baseline -= leading;
  }
  return baseline;
}

/** The wrapped height of a paragraph, to place blocks before drawing them. */
export function wrappedLines(text: string, width: number, style: TextStyle): number {
  return breakLines(text, width, (line) => style.font.widthOfTextAtSize(line, style.size) <= width).length;
}

/** One set line of flowed prose; a justified line spreads its spare width over its word gaps. */
export function drawSetLine(
  page: PDFPage,
  line: SetLine,
  x: number,
  top: number,
  width: number,
  style: TextStyle,
): void {
  const y = top - line.baseline;
  const text = line.words.join(" ");
  if (!line.justify || line.words.length < 2) {
    drawLine(page, text, x, y, style);
    return;
  }
  const wordsWidth = line.words.reduce((sum, word) => sum + style.font.widthOfTextAtSize(word, style.size), 0);
  const gap = (width - wordsWidth) / (line.words.length - 1);
  let cursor = x;
  for (const word of line.words) {
    drawLine(page, word, cursor, y, style);
    cursor += style.font.widthOfTextAtSize(word, style.size) + gap;
  }
}

/** The running head (section name, small capitals) and the folio, mirrored: outer corners of the spread. */
export function drawFurniture(
  page: PDFPage,
  fonts: Fonts,
  number: number,
  runningHead: string | undefined,
  folio: boolean,
) {
  const recto = number % 2 === 1;
  const style = { font: fonts.sans, size: 7.5, color: COLOR.muted };
  const inner = MARGIN.side;
  const outer = PAGE.width - MARGIN.side;
  if (runningHead) {
    const head = { ...style, caps: true };
    if (recto) drawRight(page, runningHead, outer, MARGIN.runningHead, head);
    else drawLine(page, spaced(runningHead), inner, MARGIN.runningHead, style);
  }
  if (folio) {
    const text = String(number);
    if (recto) drawRight(page, text, outer, MARGIN.folio, { ...style, size: 8.5, color: COLOR.ink });
    else drawLine(page, text, inner, MARGIN.folio, { ...style, size: 8.5, color: COLOR.ink });
  }
}

/** An image scaled to fit a box (centred in it); returns where it landed. */
export function drawImageIn(
  page: PDFPage,
  image: PDFImage,
  box: { x: number; y: number; width: number; height: number },
): { x: number; y: number; width: number; height: number } {
  const scaled = image.scaleToFit(box.width, box.height);
  const placed = {
    x: box.x + (box.width - scaled.width) / 2,
    y: box.y + (box.height - scaled.height) / 2,
    ...scaled,
  };
  page.drawImage(image, placed);
  return placed;
}
