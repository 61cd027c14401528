import type { PDFPage } from "pdf-lib";
import { BODY, COLOR, FRAME_TOP, MARGIN, OPENING_DROP, TEXT_WIDTH } from "./book-format.ts";
import type { TextPage } from "./book-plan.ts";
import { drawLine, drawSetLine, drawWrapped, type Fonts } from "./draw-kit.ts";

/**
 * A page of flowed prose. An opening page sets the title block (title, author, the abstract as a
 * standfirst, a line about the author) in the space the flow left above its first line.
 */
export function drawTextPage(page: PDFPage, fonts: Fonts, text: TextPage): void {
  const x = MARGIN.side;
  let top = FRAME_TOP;
  if (text.opening) {
    const { title, author, abstract, aboutAuthor } = text.opening;
    let y = drawWrapped(page, title, x, FRAME_TOP - 34, TEXT_WIDTH, { font: fonts.serif, size: 28, leading: 32 });
    if (author) {
      drawLine(page, author, x, y - 6, { font: fonts.serifItalic, size: 13, color: COLOR.accent });
      y -= 26;
    }
    if (abstract)
      y = drawWrapped(page, abstract, x, y - 14, TEXT_WIDTH, {
        font: fonts.serifItalic,
        size: 12,
        leading: 16.5,
        color: COLOR.muted,
      });
    if (aboutAuthor)
      drawWrapped(page, aboutAuthor, x, y - 6, TEXT_WIDTH, {
        font: fonts.sans,
        size: 7.5,
        leading: 10,
        color: COLOR.muted,
      });
    top = FRAME_TOP - OPENING_DROP;
    page.drawLine({ start: { x, y: top + 18 }, end: { x: x + 48, y: top + 18 }, thickness: 0.8, color: COLOR.accent });
  }
  for (const line of text.lines) {
    const heading = line.face === "heading";
    drawSetLine(page, line, x, top, TEXT_WIDTH, {
      font: heading ? fonts.serifBold : fonts.serif,
      size: heading ? BODY.headingSize : BODY.bodySize,
      color: COLOR.ink,
    });
  }
}
