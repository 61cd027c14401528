import { marked } from "marked";
import { z } from "zod";
import { splitFrontMatter } from "./front-matter";

/** Front matter every article and interview carries (app/content/{articles,interviews}/*.md). */
const frontMatterSchema = z.object({
  title: z.string().min(1),
  author: z.string().min(1).optional(),
  interviewer: z.string().min(1).optional(),
  publication: z.string().min(1),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "date must be YYYY-MM-DD"),
  summary: z.string().min(1),
  /** Shown above the text, e.g. that a piece is a shorter stand-in. */
  note: z.string().min(1).optional(),
});

export type LongFormKind = "articles" | "interviews";

export interface LongFormPiece extends z.infer<typeof frontMatterSchema> {
  kind: LongFormKind;
  slug: string;
  /** The Markdown body rendered to HTML at build time; the content is ours, not user input. */
  html: string;
}

export type LongFormSummary = Omit<LongFormPiece, "html">;

const sources: Record<LongFormKind, Record<string, string>> = {
  articles: import.meta.glob("./articles/*.md", { query: "?raw", import: "default", eager: true }),
  interviews: import.meta.glob("./interviews/*.md", { query: "?raw", import: "default", eager: true }),
};

function parse(kind: LongFormKind, file: string, source: string): LongFormPiece {
  const slug = file.replace(/^.*\//, "").replace(/\.md$/, "");
  const { data, body } = splitFrontMatter(source);
  const result = frontMatterSchema.safeParse(data);
  if (!result.success) throw new Error(`${kind}/${slug}.md: ${z.prettifyError(result.error)}`);
  if (kind === "articles" && !result.data.author) throw new Error(`articles/${slug}.md: an article needs an author`);
  if (kind === "interviews" && !result.data.interviewer)
    throw new Error(`interviews/${slug}.md: an interview needs an interviewer`);
  return { ...result.data, kind, slug, html: marked.parse(body, { async: false }) };
}

const pieces: Record<LongFormKind, LongFormPiece[]> = {
  articles: [],
  interviews: [],
};
for (const kind of ["articles", "interviews"] as const) {
  pieces[kind] = Object.entries(sources[kind])
    .map(([file, source]) => parse(kind, file, source))
    .sort((a, b) => b.date.localeCompare(a.date));
}

/** Newest first, without bodies (for the index pages). */
export function listLongForm(kind: LongFormKind): LongFormSummary[] {
  return pieces[kind].map(({ html: _html, ...summary }) => summary);
}

export function findLongForm(kind: LongFormKind, slug: string): LongFormPiece | undefined {
  return pieces[kind].find((piece) => piece.slug === slug);
}
