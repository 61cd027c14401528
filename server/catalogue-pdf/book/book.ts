import { PDFDocument, type PDFImage, StandardFonts } from "pdf-lib";
import { PAGE } from "./book-format.ts";
import { type BookContent, type BookPlan, planBook } from "./book-plan.ts";
import {
  drawContents,
  drawContributors,
  drawCover,
  drawCredits,
  drawImprint,
  drawSectionTitle,
} from "./draw-front-matter.ts";
import { drawFurniture, type Fonts } from "./draw-kit.ts";
import { drawTextPage } from "./draw-text-page.ts";
import { drawCv, drawDetail, drawInstallation, drawLabel, drawListOfWorks, drawPlate } from "./draw-works.ts";

/** The JPEGs the book prints: one plate and one detail per work, one per installation view. */
export interface BookImages {
  plates: Uint8Array[];
  details: Uint8Array[];
  views: Uint8Array[];
}

async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  return {
    serif: await doc.embedFont(StandardFonts.TimesRoman),
    serifItalic: await doc.embedFont(StandardFonts.TimesRomanItalic),
    serifBold: await doc.embedFont(StandardFonts.TimesRomanBold),
    sans: await doc.embedFont(StandardFonts.Helvetica),
    sansBold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
}

/** Lays the book out (without drawing), for tests and for the contents page. */
export async function layOutBook(content: BookContent): Promise<BookPlan> {
  const fonts = await embedFonts(await PDFDocument.create());
  return planBook(content, measureWith(fonts));
}

const measureWith = (fonts: Fonts) => (text: string, size: number, face: "body" | "heading") =>
  (face === "heading" ? fonts.serifBold : fonts.serif).widthOfTextAtSize(text, size);

/**
 * The Secrets catalogue as a PDF book: planned first (so the contents page knows where each
 * section starts), then drawn page by page. Each JPEG is embedded once; the cover reuses plate 1.
 */
export async function buildBook(
  content: BookContent,
  images: BookImages,
): Promise<{ bytes: Uint8Array; plan: BookPlan }> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${content.title} - ${content.brand}`);
  doc.setAuthor(content.brand);
  doc.setSubject(content.subtitle);
  doc.setCreator(`${content.brand} site build`);
  doc.setCreationDate(new Date("2024-05-01T00:00:00Z"));
  doc.setModificationDate(new Date("2024-05-01T00:00:00Z"));
  const fonts = await embedFonts(doc);
  const embed = (jpegs: Uint8Array[]) => Promise.all(jpegs.map((jpeg) => doc.embedJpg(jpeg)));
  const plates = await embed(images.plates);
  const details = await embed(images.details);
  const views = await embed(images.views);
  const at = (list: PDFImage[], i: number) => {
    const image = list[i];
    if (!image) throw new Error(`The catalogue has no image ${i + 1} of ${list.length}`);
    return image;
  };

  const plan = planBook(content, measureWith(fonts));
  const platePage = new Map(
    plan.pages.filter((p) => p.page.kind === "plate").map((p) => [(p.page as { work: number }).work, p.number]),
  );
  for (const { page: spec, number, folio } of plan.pages) {
    const page = doc.addPage([PAGE.width, PAGE.height]);
    const work = (i: number) =>
      content.works[i] ??
      (() => {
        throw new Error(`No work ${i + 1}`);
      })();
    switch (spec.kind) {
      case "cover":
        drawCover(page, fonts, content, at(plates, 0));
        break;
      case "imprint":
        drawImprint(page, fonts, content);
        break;
      case "contents":
        drawContents(page, fonts, plan.contents);
        break;
      case "section-title":
        drawSectionTitle(page, fonts, spec.title, spec.note);
        break;
      case "text":
        drawTextPage(page, fonts, spec);
        break;
      case "label":
        drawLabel(page, fonts, work(spec.work), spec.work);
        break;
      case "plate":
        drawPlate(page, fonts, work(spec.work), spec.work, at(plates, spec.work));
        break;
      case "details":
        for (const i of spec.works) drawDetail(page, fonts, work(i), i, at(details, i), platePage.get(i) ?? 0);
        break;
      case "installation":
        drawInstallation(
          page,
          fonts,
          spec.views.map((i) => ({ image: at(views, i), caption: content.installation[i]?.caption ?? "" })),
        );
        break;
      case "cv":
        drawCv(page, fonts, content);
        break;
      case "contributors":
        drawContributors(page, fonts, content);
        break;
      case "list-of-works":
        drawListOfWorks(page, fonts, content);
        break;
      case "credits":
        drawCredits(page, fonts, content);
        break;
      case "blank":
        break;
    }
    drawFurniture(page, fonts, number, spec.runningHead, folio);
  }
  return { bytes: await doc.save(), plan };
}
