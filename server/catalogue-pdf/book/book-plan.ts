import { BODY, FRAME_HEIGHT, OPENING_DROP } from "./book-format.ts";
import type { CatalogueText, TextBlock } from "./catalogue-texts.ts";
import { type FlowPage, flowText, type Measure } from "./layout-text.ts";
import type { CatalogueEssay } from "./secrets-catalogue.ts";

/** One work as its label page and the list of works print it. */
export interface BookWork {
  title: string;
  year: string;
  series: string;
  medium: string;
  /** "200 x 140 cm (78 3/4 x 55 1/8 in)" */
  size: string;
  edition: string;
  chain: string;
  description: string;
}

export interface InstallationView {
  /** The image's name in content/images/solo-london.yaml. */
  name: string;
  caption: string;
}

export interface CvSection {
  title: string;
  entries: { year: string; title: string; place?: string }[];
}

/** Everything the book prints, already read and checked. */
export interface BookContent {
  brand: string;
  title: string;
  subtitle: string;
  imprint: string[];
  credits: { role: string; names: string }[];
  foreword: CatalogueText;
  essays: CatalogueEssay[];
  works: BookWork[];
  /** The first is the feature view, printed large. */
  installation: InstallationView[];
  biography: { intro: string; blocks: TextBlock[]; cv: CvSection[] };
}

/** A text page: its lines, and on an opening page the title block above them. */
export interface TextPage {
  kind: "text";
  lines: FlowPage;
  opening?: { title: string; author?: string; abstract?: string; aboutAuthor?: string };
}

export type BookPage = (
  | { kind: "cover" | "imprint" | "contents" | "contributors" | "list-of-works" | "credits" }
  | { kind: "blank" }
  | { kind: "section-title"; title: string; note: string }
  | TextPage
  | { kind: "label" | "plate"; work: number }
  | { kind: "details"; works: number[] }
  | { kind: "installation"; views: number[] }
  | { kind: "cv" }
) & { runningHead?: string };

export interface PlannedPage {
  page: BookPage;
  /** 1-based; odd numbers are rectos (right-hand pages). */
  number: number;
  /** Printed at the foot: not on the cover, blanks, section titles or full-page plates. */
  folio: boolean;
}

export interface ContentsEntry {
  title: string;
  author?: string;
  page: number;
}

export interface BookPlan {
  pages: PlannedPage[];
  contents: ContentsEntry[];
}

interface Section {
  title?: string;
  author?: string;
  /** Starts on a right-hand page, with a deliberate blank verso before it when needed. */
  recto: boolean;
  pages: BookPage[];
}

const NO_FOLIO = new Set<BookPage["kind"]>([
  "cover",
  "imprint",
  "blank",
  "section-title",
  "plate",
  "details",
  "credits",
]);

function textSection(blocks: TextBlock[], measure: Measure, opening: TextPage["opening"], head: string): BookPage[] {
  const flow = flowText(blocks, measure, BODY, { firstHeight: FRAME_HEIGHT - OPENING_DROP, height: FRAME_HEIGHT });
  return flow.map((lines, i) => ({
    kind: "text",
    lines,
    ...(i === 0 ? { opening } : { runningHead: head }),
  }));
}

const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

/**
 * The book's pages in order, numbered, and its contents with the page on which each section
 * really starts. Structure, not filler, decides the length: front matter, the foreword, the four
 * essays (each opening on a recto), the plates (label facing plate), the details, the installation
 * views, the biography, the notes on contributors, the list of works and the credits.
 */
export function planBook(content: BookContent, measure: Measure): BookPlan {
  const works = content.works.map((_, i) => i);
  const sections: Section[] = [
    { recto: true, pages: [{ kind: "cover" }, { kind: "imprint" }, { kind: "contents" }] },
    {
      title: content.foreword.title,
      recto: false,
      pages: textSection(content.foreword.blocks, measure, { title: content.foreword.title }, content.foreword.title),
    },
    ...content.essays.map(
      (essay): Section => ({
        title: essay.title,
        author: essay.author,
        recto: true,
        pages: textSection(
          essay.blocks,
          measure,
          {
            title: essay.title,
            author: essay.author,
            abstract: essay.abstract,
            ...(essay.aboutAuthor ? { aboutAuthor: essay.aboutAuthor } : {}),
          },
          essay.title,
        ),
      }),
    ),
    {
      title: "Plates",
      recto: true,
      pages: [
        {
          kind: "section-title",
          title: "Plates",
          note: `The ${content.works.length} works of ${content.title}, in hanging order`,
        },
        ...works.flatMap((work): BookPage[] => [
          { kind: "label", work, runningHead: "Plates" },
          { kind: "plate", work },
        ]),
      ],
    },
    {
      title: "Details",
      recto: false,
      pages: [
        { kind: "section-title", title: "Details", note: "Each work again at closer range" },
        ...works.map((work): BookPage => ({ kind: "details", works: [work] })),
      ],
    },
    {
      title: "Installation views",
      recto: false,
      pages: [
        { kind: "installation", views: [0], runningHead: "Installation views" },
        ...chunks(content.installation.map((_, i) => i).slice(1), 2).map(
          (views): BookPage => ({ kind: "installation", views, runningHead: "Installation views" }),
        ),
      ],
    },
    {
      title: "Biography",
      recto: false,
      pages: [
        ...textSection(
          content.biography.blocks,
          measure,
          { title: "Biography", abstract: content.biography.intro },
          "Biography",
        ),
        { kind: "cv", runningHead: "Biography" },
      ],
    },
    { title: "Notes on contributors", recto: false, pages: [{ kind: "contributors", runningHead: "Contributors" }] },
    { title: "List of works", recto: false, pages: [{ kind: "list-of-works", runningHead: "List of works" }] },
    { recto: false, pages: [{ kind: "credits" }] },
  ];

  const pages: PlannedPage[] = [];
  const contents: ContentsEntry[] = [];
  const add = (page: BookPage) => pages.push({ page, number: pages.length + 1, folio: !NO_FOLIO.has(page.kind) });
  for (const section of sections) {
    if (section.recto && pages.length % 2 === 1) add({ kind: "blank" });
    if (section.title)
      contents.push({
        title: section.title,
        ...(section.author ? { author: section.author } : {}),
        page: pages.length + 1,
      });
    for (const page of section.pages) add(page);
  }
  return { pages, contents };
}
