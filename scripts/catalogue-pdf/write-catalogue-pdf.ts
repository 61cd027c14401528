import fs from "node:fs";
import path from "node:path";
import { Catalogue } from "#app/catalogue/catalogue.ts";
import { readWorkRecords } from "#app/catalogue/work-files.server.ts";
import { CATALOGUE_PRINTED_SIZE, editionText, parseWorkLabel, printedSizeText } from "#app/catalogue/work-label.ts";
import { loadAboutPage } from "#app/content/pages/about.server.ts";
import { loadCvPage } from "#app/content/pages/cv.server.ts";
import { siteSettings } from "#app/content/site-settings.server.ts";
import { contentDir } from "#app/content-files/content-files.server.ts";
import { readPageImages } from "#app/images/page-image-files.server.ts";
import { buildBook } from "./book.ts";
import type { BookContent, BookWork, CvSection } from "./book-plan.ts";
import { bookImageSource } from "./catalogue-images.ts";
import { assertPrintableFields, type TextBlock } from "./catalogue-texts.ts";
import { DETAIL_BOX } from "./draw-works.ts";
import { type SecretsCatalogue, secretsCatalogue } from "./secrets-catalogue.ts";
import { withCurlyQuotes } from "./typeset.ts";

/** The CV sections a 2024 exhibition catalogue prints, up to the exhibition's year. */
const CV_SECTIONS = ["Education", "Solo Exhibitions", "Group Exhibitions", "Artist Residency", "Auction House Sales"];
/** The About page's sections the biography carries after its paragraphs. */
const BIOGRAPHY_SECTIONS = ["Practice", "Academia"];
const CATALOGUE_YEAR = 2024;

function bookWorks(catalogue: SecretsCatalogue): (BookWork & { image: string })[] {
  // The files, as the script reads every other text: it runs at build, before any store exists.
  const works = new Catalogue(readWorkRecords());
  return catalogue.works.map((ref) => {
    const record = works.find(ref.slug);
    const description = record?.description ?? "";
    const edition = record?.edition ?? 1;
    const label = parseWorkLabel(description);
    assertPrintableFields(path.join(contentDir(), "works", `${ref.slug}.md`), { title: ref.title, description });
    return {
      title: ref.title,
      year: record?.year ?? String(CATALOGUE_YEAR),
      series: record?.series ?? catalogue.title,
      // The same reading of the description as the artwork page's label (decision 022).
      medium: label.medium ?? catalogue.medium,
      size: label.printedSize
        ? printedSizeText(label.printedSize)
        : (label.printedSizeText ?? printedSizeText(CATALOGUE_PRINTED_SIZE)),
      edition: label.edition ? editionText(label.edition) : editionText({ size: edition, text: `1 of ${edition}` }),
      chain: record?.chain ?? "Solana",
      description: label.prose.join(" ").replace(/\s+/g, " ").trim(),
      image: record?.imageLarge ?? ref.image,
    };
  });
}

function biography(): BookContent["biography"] {
  const about = loadAboutPage();
  const cv = loadCvPage();
  assertPrintableFields(path.join(contentDir(), "pages", "about.yaml"), {
    biography: about.biography,
    sections: about.sections,
  });
  assertPrintableFields(path.join(contentDir(), "pages", "cv.yaml"), { intro: cv.intro, sections: cv.sections });
  const blocks: TextBlock[] = [
    ...about.biography.paragraphs.map((text): TextBlock => ({ kind: "paragraph", text })),
    ...about.sections
      .filter((section) => BIOGRAPHY_SECTIONS.includes(section.title))
      .flatMap((section): TextBlock[] => [
        { kind: "heading", text: section.title },
        ...section.paragraphs.map((text): TextBlock => ({ kind: "paragraph", text })),
      ]),
  ];
  const sections: CvSection[] = cv.sections
    .filter((section) => CV_SECTIONS.includes(section.title))
    .map((section) => ({
      title: section.title,
      entries: section.entries.filter((entry) => Number(entry.year.slice(0, 4)) <= CATALOGUE_YEAR),
    }))
    .filter((section) => section.entries.length > 0);
  return { intro: cv.intro, blocks, cv: sections };
}

/** Everything the book prints, from the content files; every text is checked for the PDF fonts, by file. */
export function catalogueContent(): { content: BookContent; images: string[] } {
  const catalogue = secretsCatalogue();
  const works = bookWorks(catalogue);
  const views = readPageImages()["solo-london"] ?? [];
  assertPrintableFields(path.join(contentDir(), "images", "solo-london.yaml"), views);
  const installation = [
    ...views.filter((view) => view.name === "feature"),
    ...views.filter((view) => view.name.startsWith("documentation-")),
  ];
  const content: BookContent = {
    brand: siteSettings().brand,
    title: catalogue.title,
    subtitle: catalogue.subtitle,
    imprint: catalogue.imprint,
    credits: catalogue.credits,
    foreword: catalogue.foreword,
    essays: catalogue.essays,
    works: works.map(({ image: _image, ...work }) => work),
    installation: installation.map((view) => ({ caption: view.alt, name: view.name })),
    biography: biography(),
  };
  return { content: withCurlyQuotes(content), images: works.map((work) => work.image) };
}

/** Builds the Secrets catalogue from the content files and the image pipeline and writes it to `file`. */
export async function writeCataloguePdf(
  file: string,
): Promise<{ bytes: number; pages: number; imagesCached: number; imagesMade: number }> {
  const { content, images } = catalogueContent();
  const source = bookImageSource();
  const artwork = (name: string) => ({ collection: "artworks", name });
  const aspect = DETAIL_BOX.width / DETAIL_BOX.height;
  const [plates, details, views] = await Promise.all([
    Promise.all(images.map((name) => source.plate(artwork(name)))),
    Promise.all(images.map((name, i) => source.detail(artwork(name), i, aspect))),
    Promise.all(
      content.installation.map((view, i) =>
        source.view({ collection: "solo-london", name: view.name }, i === 0 ? 1800 : undefined),
      ),
    ),
  ]);
  const { bytes, plan } = await buildBook(content, {
    plates: plates.map((b) => new Uint8Array(b)),
    details: details.map((b) => new Uint8Array(b)),
    views: views.map((b) => new Uint8Array(b)),
  });
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  const { hits, made } = source.cache.stats();
  return { bytes: bytes.byteLength, pages: plan.pages.length, imagesCached: hits, imagesMade: made };
}
