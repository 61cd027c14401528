import path from "node:path";
import { marked, type Token } from "marked";
import { z } from "zod";
import { ContentError, displayPath, readContentFile } from "#app/content-files/content-files.server.ts";
import { firstUnprintable, unicodeName } from "./winansi.ts";

/** One block of printed prose: the catalogue prints paragraphs and section headings, nothing else. */
export type TextBlock = { kind: "heading"; text: string } | { kind: "paragraph"; text: string };

export interface CatalogueText {
  title: string;
  author: string;
  /** One line about the author, printed under the essay's title and in the notes on contributors. */
  aboutAuthor?: string;
  blocks: TextBlock[];
  /** The file, for messages: `content/exhibitions/.../essays/x.md`. */
  file: string;
}

const line = z
  .string({ error: (issue) => (issue.input === undefined ? "is missing" : "must be a text") })
  .trim()
  .min(1, "must be a non-empty text")
  .refine((value) => !/\n/.test(value), "must be one line");

const textFileSchema = z
  .object({
    title: line,
    author: line,
    about_author: line.optional(),
    body: z
      .string({ error: "is missing: write the text below the front matter" })
      .refine((value) => value.trim().split(/\s+/).length >= 100, "must be the full text (at least 100 words)"),
  })
  .strict();

/** Markdown inline marks the standard fonts cannot show as such are refused rather than printed raw. */
const INLINE_MARKUP = /[*_`[\]<>#]/;

function toBlocks(file: string, tokens: Token[]): TextBlock[] {
  const blocks: TextBlock[] = [];
  for (const token of tokens) {
    if (token.type === "space") continue;
    const text = "text" in token && typeof token.text === "string" ? token.text.replace(/\s+/g, " ").trim() : "";
    const kind =
      token.type === "heading" && token.depth === 2 ? "heading" : token.type === "paragraph" ? "paragraph" : null;
    if (!kind)
      throw new ContentError(
        `${displayPath(file)}: body: only paragraphs and "## " headings are printed (found ${token.type === "heading" ? `a level ${token.depth} heading` : `a ${token.type}`}: "${token.raw.trim().slice(0, 40)}")`,
      );
    if (INLINE_MARKUP.test(text))
      throw new ContentError(
        `${displayPath(file)}: body: plain prose only, no Markdown marks such as * _ \` [ ] # (in "${text.slice(0, 60)}")`,
      );
    blocks.push({ kind, text });
  }
  if (blocks[0]?.kind !== "paragraph")
    throw new ContentError(`${displayPath(file)}: body: must open with a paragraph, not a heading`);
  return blocks;
}

/** Stops the build at the first character the catalogue's fonts cannot print, naming file, field and character. */
export function assertPrintable(file: string, field: string, text: string): void {
  const bad = firstUnprintable(text);
  if (bad)
    throw new ContentError(
      `${displayPath(file)}: ${field}: "${bad.char}" (${unicodeName(bad.codePoint)}${field === "body" ? `, body line ${bad.line}` : ""}) cannot be printed in the catalogue's fonts (WinAnsi: Latin letters, accents, curly quotes and dashes); replace it`,
    );
}

/** The same check over every text in a parsed file, naming the field by its path (`imprint.1`, `credits.0.names`). */
export function assertPrintableFields(file: string, value: unknown, at = ""): void {
  if (typeof value === "string") assertPrintable(file, at || "(file)", value);
  else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) assertPrintableFields(file, item, at ? `${at}.${i}` : String(i));
  } else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value)) assertPrintableFields(file, item, at ? `${at}.${key}` : key);
}

/** Reads an essay or the foreword: front matter (title, author, about_author) and a prose body, checked for print. */
export function readCatalogueText(file: string): CatalogueText {
  const data = readContentFile(file, textFileSchema, { bodyField: "body" });
  for (const field of ["title", "author", "about_author", "body"] as const) {
    const value = data[field];
    if (value) assertPrintable(file, field, value);
  }
  return {
    title: data.title,
    author: data.author,
    ...(data.about_author ? { aboutAuthor: data.about_author } : {}),
    blocks: toBlocks(file, marked.lexer(data.body)),
    file: path.resolve(file),
  };
}
