import type { PDFImage, PDFPage } from "pdf-lib";
import { ARTWORK_ASPECT } from "#app/images/image-catalog.ts";
import { COLOR, FRAME_HEIGHT, FRAME_TOP, MARGIN, PAGE, TEXT_WIDTH, WIDE_WIDTH } from "./book-format.ts";
import type { BookContent, BookWork } from "./book-plan.ts";
import { drawLine, drawRight, drawWrapped, type Fonts, spaced } from "./draw-kit.ts";

const LEFT = MARGIN.side;
/** The detail pages' image box: the wide measure, as tall as the page allows above its caption. */
export const DETAIL_BOX = { width: WIDE_WIDTH, height: PAGE.height - MARGIN.top - MARGIN.bottom - 40 };

export const plateNumber = (index: number) => String(index + 1).padStart(2, "0");

/** The label page facing a plate: number, title, the facts as a two-column table, and the description. */
export function drawLabel(page: PDFPage, fonts: Fonts, work: BookWork, index: number): void {
  // The label's title lines up with the top edge of the plate across the spread.
  const top = PLATE_TOP - 28;
  drawLine(page, `Plate ${plateNumber(index)}`, LEFT, top + 44, {
    font: fonts.sans,
    size: 8.5,
    color: COLOR.accent,
    caps: true,
  });
  let y = drawWrapped(page, work.title, LEFT, top, TEXT_WIDTH, { font: fonts.serif, size: 28, leading: 32 });
  y -= 20;
  const facts: [string, string][] = [
    ["Year", work.year],
    ["Series", work.series],
    ["Medium", work.medium],
    ["Printed size", work.size],
    ["Edition", work.edition],
    ["Original", `Unique digital original recorded on ${work.chain}`],
  ];
  for (const [name, value] of facts) {
    drawLine(page, spaced(name), LEFT, y, { font: fonts.sans, size: 7.5, color: COLOR.muted });
    y = drawWrapped(page, value, LEFT + 96, y, TEXT_WIDTH - 96, { font: fonts.serif, size: 11, leading: 15 }) - 6;
  }
  if (work.description) {
    page.drawLine({
      start: { x: LEFT, y: y - 6 },
      end: { x: LEFT + 48, y: y - 6 },
      thickness: 0.8,
      color: COLOR.accent,
    });
    drawWrapped(page, work.description, LEFT, y - 34, TEXT_WIDTH, { font: fonts.serif, size: 12, leading: 17.5 });
  }
}

/** Where the plates' top edge sits: a 10:7 plate across the page, a little above the middle. */
export const PLATE_TOP = (PAGE.height + PAGE.width / ARTWORK_ASPECT) / 2 + 24;

/** A full-page plate: the work across the page, with its number and title beneath. */
export function drawPlate(page: PDFPage, fonts: Fonts, work: BookWork, index: number, image: PDFImage): void {
  // Bled off both edges: on a portrait page a 10:7 work is as large as it can be printed upright.
  const width = PAGE.width;
  const height = width / (image.width / image.height);
  const y = PLATE_TOP - height;
  page.drawImage(image, { x: 0, y, width, height });
  drawLine(page, plateNumber(index), MARGIN.wide, y - 26, { font: fonts.sans, size: 8.5, color: COLOR.accent });
  drawLine(page, `${work.title}, ${work.year}`, MARGIN.wide + 24, y - 26, { font: fonts.serifItalic, size: 11 });
}

/** A detail at closer range, filling the page, captioned "Detail" with the work and its plate's page. */
export function drawDetail(
  page: PDFPage,
  fonts: Fonts,
  work: BookWork,
  index: number,
  image: PDFImage,
  platePage: number,
): void {
  const scaled = image.scaleToFit(DETAIL_BOX.width, DETAIL_BOX.height);
  const x = (PAGE.width - scaled.width) / 2;
  const y = MARGIN.bottom + 40;
  page.drawImage(image, { x, y, ...scaled });
  drawLine(page, "Detail", x, y - 22, { font: fonts.sans, size: 8.5, color: COLOR.accent, caps: true });
  drawLine(page, work.title, x + 50, y - 22, { font: fonts.serifItalic, size: 11 });
  drawRight(page, `plate ${plateNumber(index)}, page ${platePage}`, x + scaled.width, y - 22, {
    font: fonts.serif,
    size: 9.5,
    color: COLOR.muted,
  });
}

/**
 * Installation views: the feature view alone and large, or two views one above the other, each
 * with its caption (the image's alt text from content/images/solo-london.yaml).
 */
export function drawInstallation(page: PDFPage, fonts: Fonts, views: { image: PDFImage; caption: string }[]): void {
  const caption = { font: fonts.serifItalic, size: 9.5, leading: 12.5, color: COLOR.muted };
  if (views.length === 1 && views[0]) {
    const { image, caption: text } = views[0];
    const width = WIDE_WIDTH;
    const height = width / (image.width / image.height);
    const y = FRAME_TOP - 30 - height;
    page.drawImage(image, { x: MARGIN.wide, y, width, height });
    drawWrapped(page, text, MARGIN.wide, y - 18, WIDE_WIDTH, caption);
    return;
  }
  // Two views a page, one above the other, as large as the frame allows with their captions.
  const captionRoom = 44;
  let top = FRAME_TOP;
  for (const { image, caption: text } of views) {
    const aspect = image.width / image.height;
    const height = Math.min(WIDE_WIDTH / aspect, FRAME_HEIGHT / 2 - captionRoom);
    const width = height * aspect;
    const x = (PAGE.width - width) / 2;
    page.drawImage(image, { x, y: top - height, width, height });
    drawWrapped(page, text, x, top - height - 16, width, caption);
    top -= height + captionRoom;
  }
}

/** The list of works: number, title, year, medium, printed size and chain, one row each. */
export function drawListOfWorks(page: PDFPage, fonts: Fonts, content: BookContent): void {
  drawLine(page, "List of works", MARGIN.wide, FRAME_TOP - 24, { font: fonts.serif, size: 22 });
  const columns = [
    { name: "No.", x: MARGIN.wide, width: 24 },
    { name: "Title", x: MARGIN.wide + 28, width: 128 },
    { name: "Year", x: MARGIN.wide + 160, width: 30 },
    { name: "Medium", x: MARGIN.wide + 194, width: 170 },
    { name: "Size", x: MARGIN.wide + 368, width: 60 },
    { name: "Chain", x: MARGIN.wide + 436, width: 48 },
  ];
  let y = FRAME_TOP - 70;
  for (const column of columns)
    drawLine(page, spaced(column.name), column.x, y, { font: fonts.sans, size: 7, color: COLOR.muted });
  y -= 10;
  const cell = { font: fonts.serif, size: 9, leading: 11.5 };
  content.works.forEach((work, i) => {
    page.drawLine({
      start: { x: MARGIN.wide, y },
      end: { x: PAGE.width - MARGIN.wide, y },
      thickness: 0.4,
      color: COLOR.rule,
    });
    const values = [plateNumber(i), work.title, work.year, work.medium, "200 x 140 cm", work.chain];
    const top = y - 14;
    let bottom = top;
    values.forEach((value, c) => {
      const column = columns[c];
      if (!column) return;
      bottom = Math.min(
        bottom,
        drawWrapped(page, value, column.x, top, column.width, c === 1 ? { ...cell, font: fonts.serifItalic } : cell),
      );
    });
    y = bottom + 2;
  });
  page.drawLine({
    start: { x: MARGIN.wide, y },
    end: { x: PAGE.width - MARGIN.wide, y },
    thickness: 0.4,
    color: COLOR.rule,
  });
  drawWrapped(
    page,
    `All works ${content.works[0]?.size ?? ""}, giclee or archival pigment print on cotton rag; each original is unique and recorded on chain.`,
    MARGIN.wide,
    y - 22,
    WIDE_WIDTH,
    {
      font: fonts.serifItalic,
      size: 9.5,
      leading: 13,
      color: COLOR.muted,
    },
  );
}

/** The selected CV after the biography: sections from content/pages/cv.yaml, year beside each entry. */
export function drawCv(page: PDFPage, fonts: Fonts, content: BookContent): void {
  drawLine(page, "Curriculum vitae", LEFT, FRAME_TOP - 24, { font: fonts.serif, size: 22 });
  let y = FRAME_TOP - 70;
  for (const section of content.biography.cv) {
    drawLine(page, section.title, LEFT, y, { font: fonts.sans, size: 8, color: COLOR.accent, caps: true });
    y -= 18;
    for (const entry of section.entries) {
      drawLine(page, entry.year, LEFT, y, { font: fonts.serif, size: 10, color: COLOR.muted });
      const text = entry.place ? `${entry.title}, ${entry.place}` : entry.title;
      y = drawWrapped(page, text, LEFT + 66, y, TEXT_WIDTH - 66, { font: fonts.serif, size: 10.5, leading: 14 }) - 4;
    }
    y -= 14;
  }
}
