import path from "node:path";
import { marked } from "marked";
import { z } from "zod";
import { contentDir } from "#app/content-files/content-files.server.ts";
import { type ContentLocation, readFolder } from "#app/content-files/content-source.server.ts";
import { contentHtmlRemovals, sanitizeContentHtml } from "#app/security/content-html.server.ts";

/**
 * Articles and interviews: content/{articles,interviews}/<slug>.md, front matter checked below,
 * the Markdown body rendered to HTML when the site is built. Served as `virtual:content/articles`
 * and `virtual:content/interviews`. A body holding HTML the sanitiser would remove (a script,
 * an event handler, a javascript: link) is refused, naming the file, the field and what; what
 * is kept goes through the sanitiser all the same (decision 029).
 */
export type LongFormKind = "articles" | "interviews";

const text = z.string().trim().min(1);
const frontMatter = {
  title: text,
  author: text.optional(),
  interviewer: text.optional(),
  publication: text,
  date: z.string({ error: "must be a date YYYY-MM-DD" }).regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD"),
  summary: text.meta({ long: true }),
  /** Shown above the text, e.g. that a piece is a shorter stand-in. */
  note: text.meta({ long: true }).optional(),
  body: z
    .string()
    .default("")
    .superRefine((markdown, ctx) => {
      let html: string;
      try {
        html = markdownToHtml(markdown);
      } catch (error) {
        if (!(error instanceof MarkdownTooDeep)) throw error;
        ctx.addIssue({ code: "custom", message: error.message });
        return;
      }
      const removed = contentHtmlRemovals(html);
      if (removed.length > 0)
        ctx.addIssue({
          code: "custom",
          message: `holds what the site never shows: ${removed.join(", ")}. Remove it: Markdown, simple tags such as <em>, <sup> or <br>, and https://, mailto: or site links are fine`,
        });
    })
    .meta({ long: true, markdown: true }),
};

/** Markdown marked cannot read without running out of stack (quotes or lists inside each other). */
export class MarkdownTooDeep extends Error {
  override name = "MarkdownTooDeep";
}

export function markdownToHtml(markdown: string): string {
  try {
    return marked.parse(markdown, { async: false });
  } catch (error) {
    // marked recurses once per level of nesting: thousands of `>` overflow its stack (issue 42).
    if (error instanceof RangeError) {
      throw new MarkdownTooDeep(
        "nests quotes or lists too deeply to read (thousands of > or indented - inside each other): flatten it",
      );
    }
    throw error;
  }
}

export const longFormSchemas = {
  articles: z.object({ ...frontMatter, author: text }).strict(),
  interviews: z.object({ ...frontMatter, interviewer: text }).strict(),
};

export interface LongFormPiece {
  kind: LongFormKind;
  slug: string;
  title: string;
  author?: string;
  interviewer?: string;
  publication: string;
  date: string;
  summary: string;
  note?: string;
  /** The Markdown body as HTML. */
  html: string;
}

export type LongFormSummary = Omit<LongFormPiece, "html">;

export function longFormDir(kind: LongFormKind, dir = contentDir()): string {
  return path.join(dir, kind);
}

/** Every piece of one kind, newest first (file-name order among pieces of the same date). */
export function readLongForm(kind: LongFormKind, dir: ContentLocation): LongFormPiece[] {
  return readFolder(dir, kind, longFormSchemas[kind])
    .map(
      ({ name, data: { body, ...fields } }): LongFormPiece => ({
        ...fields,
        kind,
        slug: name,
        html: sanitizeContentHtml(markdownToHtml(body)),
      }),
    )
    .sort((a, b) => b.date.localeCompare(a.date));
}
