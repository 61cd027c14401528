import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";

/** One work as the catalogue prints it. */
export interface CatalogueWork {
  title: string;
  year: string;
  series: string;
  medium: string;
  size: string;
  edition: string;
  availability: string;
  description: string;
  /** JPEG bytes of the work's image. */
  jpeg: Uint8Array;
}

export interface CatalogueEssay {
  title: string;
  author: string;
  abstract: string;
}

export interface CatalogueInput {
  brand: string;
  title: string;
  subtitle: string;
  works: CatalogueWork[];
  essays: readonly CatalogueEssay[];
}

// A4 landscape: the works are 10:7, so they fill the page with room for their details.
const PAGE: [number, number] = [841.89, 595.28];
const MARGIN = 48;
const INK = rgb(0.95, 0.93, 0.89);
const MUTED = rgb(0.71, 0.68, 0.64);
const ACCENT = rgb(0.85, 0.64, 0.25);
const GROUND = rgb(0.055, 0.05, 0.047);

/** Greedy word wrap by measured width; standard fonts are WinAnsi, so text is kept to Latin-1. */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const latin1 = (text: string) =>
  text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, "-")
    .replace(/[^\x20-\xff\n]/g, "");

function darkPage(doc: PDFDocument): PDFPage {
  const page = doc.addPage(PAGE);
  page.drawRectangle({ x: 0, y: 0, width: PAGE[0], height: PAGE[1], color: GROUND });
  return page;
}

function drawLines(
  page: PDFPage,
  lines: string[],
  options: { x: number; y: number; font: PDFFont; size: number; color: ReturnType<typeof rgb>; leading?: number },
): number {
  let y = options.y;
  for (const line of lines) {
    page.drawText(latin1(line), { x: options.x, y, size: options.size, font: options.font, color: options.color });
    y -= options.leading ?? options.size * 1.45;
  }
  return y;
}

/**
 * The Secrets exhibition catalogue as a real PDF: a cover, a contents page, one page per work
 * (image and details) and a page for each of the four essays.
 */
export async function buildCataloguePdf(input: CatalogueInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${input.title} - ${input.brand}`);
  doc.setAuthor(input.brand);
  doc.setSubject(input.subtitle);
  doc.setCreator(`${input.brand} site build`);
  doc.setCreationDate(new Date("2024-05-01T00:00:00Z"));
  doc.setModificationDate(new Date("2024-05-01T00:00:00Z"));
  const serif = await doc.embedFont(StandardFonts.TimesRoman);
  const serifItalic = await doc.embedFont(StandardFonts.TimesRomanItalic);
  const sans = await doc.embedFont(StandardFonts.Helvetica);
  const images = await Promise.all(input.works.map((work) => doc.embedJpg(work.jpeg)));
  const [width, height] = PAGE;

  // Cover: the first work large, the title over a band at the foot.
  const cover = darkPage(doc);
  if (images[0]) {
    const scaled = images[0].scaleToFit(width, height);
    cover.drawImage(images[0], {
      x: (width - scaled.width) / 2,
      y: (height - scaled.height) / 2,
      ...scaled,
      opacity: 0.55,
    });
  }
  cover.drawRectangle({ x: 0, y: 0, width, height: 170, color: GROUND, opacity: 0.85 });
  cover.drawText(input.brand.toUpperCase(), { x: MARGIN, y: 120, size: 14, font: sans, color: ACCENT });
  cover.drawText(latin1(input.title), { x: MARGIN, y: 78, size: 40, font: serif, color: INK });
  cover.drawText(latin1(input.subtitle), { x: MARGIN, y: 48, size: 14, font: serifItalic, color: MUTED });

  // Contents.
  const contents = darkPage(doc);
  contents.drawText("Contents", { x: MARGIN, y: height - 80, size: 28, font: serif, color: INK });
  let y = height - 130;
  input.works.forEach((work, i) => {
    contents.drawText(`${String(i + 1).padStart(2, "0")}   ${latin1(work.title)}`, {
      x: MARGIN,
      y,
      size: 12,
      font: sans,
      color: INK,
    });
    y -= 22;
  });
  y = height - 130;
  contents.drawText("Essays", { x: width / 2 + 20, y: y + 6, size: 16, font: serif, color: ACCENT });
  y -= 26;
  for (const essay of input.essays) {
    contents.drawText(latin1(essay.title), { x: width / 2 + 20, y, size: 12, font: sans, color: INK });
    contents.drawText(latin1(essay.author), { x: width / 2 + 20, y: y - 15, size: 10, font: sans, color: MUTED });
    y -= 40;
  }

  // One page per work: the image on the left, its details on the right.
  input.works.forEach((work, i) => {
    const page = darkPage(doc);
    const image = images[i]!;
    const box = { w: width * 0.62, h: height - 2 * MARGIN };
    const scaled = image.scaleToFit(box.w, box.h);
    page.drawImage(image, { x: MARGIN, y: (height - scaled.height) / 2, ...scaled });
    const x = MARGIN + box.w + 28;
    const textWidth = width - x - MARGIN;
    page.drawText(String(i + 1).padStart(2, "0"), { x, y: height - 90, size: 12, font: sans, color: ACCENT });
    let cursor = drawLines(page, wrapText(latin1(work.title), serif, 24, textWidth), {
      x,
      y: height - 122,
      font: serif,
      size: 24,
      color: INK,
      leading: 28,
    });
    cursor -= 8;
    const details = [work.year, work.series, work.medium, work.size, work.edition, work.availability];
    for (const detail of details) {
      cursor = drawLines(page, wrapText(latin1(detail), sans, 10, textWidth), {
        x,
        y: cursor,
        font: sans,
        size: 10,
        color: MUTED,
      });
    }
    if (work.description) {
      cursor -= 10;
      drawLines(page, wrapText(latin1(work.description), serif, 11, textWidth).slice(0, 16), {
        x,
        y: cursor,
        font: serif,
        size: 11,
        color: INK,
      });
    }
  });

  // A page held for each essay, with its abstract.
  for (const essay of input.essays) {
    const page = darkPage(doc);
    page.drawText("Essay", { x: MARGIN, y: height - 90, size: 12, font: sans, color: ACCENT });
    page.drawText(latin1(essay.title), { x: MARGIN, y: height - 130, size: 30, font: serif, color: INK });
    page.drawText(latin1(essay.author), { x: MARGIN, y: height - 160, size: 13, font: serifItalic, color: MUTED });
    const after = drawLines(page, wrapText(latin1(essay.abstract), serif, 14, width * 0.6), {
      x: MARGIN,
      y: height - 210,
      font: serif,
      size: 14,
      color: INK,
      leading: 21,
    });
    page.drawText("The full essay appears in the printed catalogue.", {
      x: MARGIN,
      y: after - 20,
      size: 11,
      font: sans,
      color: MUTED,
    });
  }

  return doc.save();
}
