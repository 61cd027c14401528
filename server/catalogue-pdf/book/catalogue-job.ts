import path from "node:path";
import { Catalogue } from "#app/catalogue/catalogue.ts";
import { CATALOGUE_PRINTED_SIZE, editionText, parseWorkLabel, printedSizeText } from "#app/catalogue/work-label.ts";
import { contentFolder } from "#app/content/content-registry.server.ts";
import { snapshotFrom } from "#app/content/content-snapshot.server.ts";
import type { ContentSnapshot } from "#app/content/content-store.server.ts";
import { contentDir } from "#app/content-files/content-files.server.ts";
import type { BookContent, BookWork, CvSection } from "./book-plan.ts";
import { assertPrintableFields, type TextBlock } from "./catalogue-texts.ts";
import { type SecretsCatalogue, secretsCatalogueOf } from "./secrets-catalogue.ts";
import { withCurlyQuotes } from "./typeset.ts";

/** An image the book embeds (the same shape as catalogue-images.ts's, without importing sharp). */
export interface ImageRef {
  collection: string;
  name: string;
}

/** The CV sections a 2024 exhibition catalogue prints, up to the exhibition's year. */
const CV_SECTIONS = ["Education", "Solo Exhibitions", "Group Exhibitions", "Artist Residency", "Auction House Sales"];
/** The About page's sections the biography carries after its paragraphs. */
const BIOGRAPHY_SECTIONS = ["Practice", "Academia"];
const CATALOGUE_YEAR = 2024;

/** What the book is printed from: the published content (or, at build, the content files). */
export type CatalogueSources = Pick<ContentSnapshot, "site" | "pages" | "collections">;

function bookWorks(catalogue: SecretsCatalogue, sources: CatalogueSources): (BookWork & { image: string })[] {
  // Hidden works included: the printed catalogue lists what the exhibition showed.
  const works = new Catalogue(sources.collections.works);
  return catalogue.works.map((ref) => {
    const record = works.find(ref.slug);
    const title = record?.title ?? ref.title;
    const description = record?.description ?? "";
    const edition = record?.edition ?? 1;
    const label = parseWorkLabel(description);
    assertPrintableFields(path.join(contentDir(), "works", `${ref.slug}.md`), { title, description });
    return {
      title,
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

function biography(sources: CatalogueSources): BookContent["biography"] {
  const about = sources.pages.about;
  const cv = sources.pages.cv;
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

/** What the child process (or the build) turns into the PDF: the texts, and which images to embed. */
export interface CatalogueJob {
  content: BookContent;
  /** One per work, in printing order: its plate and its detail. */
  works: ImageRef[];
  /** The installation views, the feature first. */
  views: ImageRef[];
}

/** Everything the book prints, from `sources`; every text is checked for the PDF fonts, by file. */
export function catalogueJob(sources: CatalogueSources, dir?: string): CatalogueJob {
  const catalogue = secretsCatalogueOf(sources.collections.exhibitions, dir);
  const works = bookWorks(catalogue, sources);
  const views = sources.collections.images["solo-london"] ?? [];
  assertPrintableFields(path.join(contentDir(), "images", "solo-london.yaml"), views);
  const installation = [
    ...views.filter((view) => view.name === "feature"),
    ...views.filter((view) => view.name.startsWith("documentation-")),
  ];
  const content: BookContent = {
    brand: sources.site.brand,
    title: catalogue.title,
    subtitle: catalogue.subtitle,
    imprint: catalogue.imprint,
    credits: catalogue.credits,
    foreword: catalogue.foreword,
    essays: catalogue.essays,
    works: works.map(({ image: _image, ...work }) => work),
    installation: installation.map((view) => ({ caption: view.alt, name: view.name })),
    biography: biography(sources),
  };
  return {
    content: withCurlyQuotes(content),
    works: works.map((work) => ({ collection: "artworks", name: work.image })),
    views: installation.map((view) => ({ collection: "solo-london", name: view.name })),
  };
}

/** The job for the content files (the build, before any database exists; the tests). */
export function catalogueJobFromFiles(dir = contentDir()): CatalogueJob {
  return catalogueJob(snapshotFrom(contentFolder(dir)), dir);
}
