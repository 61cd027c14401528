import type { PDFImage, PDFPage } from "pdf-lib";
import { COLOR, MARGIN, PAGE, TEXT_WIDTH } from "./book-format.ts";
import type { BookContent, ContentsEntry } from "./book-plan.ts";
import { drawCentred, drawLine, drawRight, drawWrapped, type Fonts, spaced } from "./draw-kit.ts";

const LEFT = MARGIN.side;
const RIGHT = PAGE.width - MARGIN.side;

/** The cover: the first plate across a dark page, the artist above it, the title and subtitle below. */
export function drawCover(page: PDFPage, fonts: Fonts, content: BookContent, image: PDFImage): void {
  page.drawRectangle({ x: 0, y: 0, width: PAGE.width, height: PAGE.height, color: COLOR.night });
  drawCentred(page, content.brand, PAGE.height - 96, { font: fonts.sans, size: 12, color: COLOR.accent, caps: true });
  const width = PAGE.width - 2 * MARGIN.wide;
  const height = width / (image.width / image.height);
  page.drawImage(image, { x: MARGIN.wide, y: PAGE.height - 150 - height, width, height });
  drawCentred(page, content.title, 250, { font: fonts.serif, size: 64, color: COLOR.paper });
  drawCentred(page, content.subtitle, 212, { font: fonts.serifItalic, size: 15, color: COLOR.paper });
  drawCentred(page, "Exhibition catalogue", 96, { font: fonts.sans, size: 8.5, color: COLOR.muted, caps: true });
}

/** The page after the cover: what the book is, who published it, the rights. */
export function drawImprint(page: PDFPage, fonts: Fonts, content: BookContent): void {
  drawLine(page, content.brand, LEFT, PAGE.height - 200, {
    font: fonts.sans,
    size: 9,
    color: COLOR.accent,
    caps: true,
  });
  drawLine(page, content.title, LEFT, PAGE.height - 236, { font: fonts.serif, size: 30 });
  drawLine(page, content.subtitle, LEFT, PAGE.height - 260, { font: fonts.serifItalic, size: 13, color: COLOR.muted });
  let y = 240;
  for (const line of content.imprint) {
    y =
      drawWrapped(page, line, LEFT, y, TEXT_WIDTH * 0.8, {
        font: fonts.serif,
        size: 9,
        leading: 13,
        color: COLOR.muted,
      }) - 6;
  }
}

/** The contents: each section and essay with the page it starts on, read from the finished plan. */
export function drawContents(page: PDFPage, fonts: Fonts, entries: readonly ContentsEntry[]): void {
  drawLine(page, "Contents", LEFT, PAGE.height - 150, { font: fonts.serif, size: 30 });
  let y = PAGE.height - 220;
  for (const entry of entries) {
    drawLine(page, entry.title, LEFT, y, { font: fonts.serif, size: 13 });
    drawRight(page, String(entry.page), RIGHT, y, { font: fonts.serif, size: 13 });
    if (entry.author) {
      y -= 16;
      drawLine(page, entry.author, LEFT, y, { font: fonts.serifItalic, size: 10.5, color: COLOR.muted });
    }
    y -= 30;
  }
}

/** A section's title page: the title low on an otherwise quiet recto, and one line saying what follows. */
export function drawSectionTitle(page: PDFPage, fonts: Fonts, title: string, note: string): void {
  drawLine(page, title, LEFT, PAGE.height / 2, { font: fonts.serif, size: 34 });
  page.drawLine({
    start: { x: LEFT, y: PAGE.height / 2 - 22 },
    end: { x: LEFT + 48, y: PAGE.height / 2 - 22 },
    thickness: 0.8,
    color: COLOR.accent,
  });
  drawLine(page, note, LEFT, PAGE.height / 2 - 46, { font: fonts.serifItalic, size: 12, color: COLOR.muted });
}

/** Who wrote the essays, from each essay file's about_author line. */
export function drawContributors(page: PDFPage, fonts: Fonts, content: BookContent): void {
  drawLine(page, "Notes on contributors", LEFT, PAGE.height - MARGIN.top - 24, { font: fonts.serif, size: 22 });
  let y = PAGE.height - MARGIN.top - 80;
  for (const essay of content.essays) {
    drawLine(page, essay.author, LEFT, y, { font: fonts.serifBold, size: 11.5 });
    y = drawWrapped(page, essay.aboutAuthor ?? `Author of ${essay.title}.`, LEFT, y - 16, TEXT_WIDTH, {
      font: fonts.serif,
      size: 11,
      leading: 15.5,
    });
    y -= 18;
  }
}

/** The last page: credits as role and names. */
export function drawCredits(page: PDFPage, fonts: Fonts, content: BookContent): void {
  let y = 300;
  drawLine(page, "Credits", LEFT, y + 44, { font: fonts.sans, size: 8.5, color: COLOR.accent, caps: true });
  for (const credit of content.credits) {
    drawLine(page, spaced(credit.role), LEFT, y, { font: fonts.sans, size: 7.5, color: COLOR.muted });
    y =
      drawWrapped(page, credit.names, LEFT + 130, y, TEXT_WIDTH - 130, { font: fonts.serif, size: 10, leading: 14 }) -
      8;
  }
  drawLine(page, `${content.title}. ${content.subtitle}.`, LEFT, MARGIN.bottom, {
    font: fonts.serifItalic,
    size: 9.5,
    color: COLOR.muted,
  });
}
