import fs from "node:fs";
import path from "node:path";
import { parseDocument } from "yaml";
import type { z } from "zod";
import { getEnv } from "#app/config/env.server.ts";

/**
 * Reads the site's content files (CONTENT_DIR, `content/` by default) and checks each against
 * its zod schema. A bad file stops the build with the file, the field and what was expected,
 * e.g. `content/works/moss-oracle.md: year: must be a four-digit year string (got "20O5")`.
 *
 * Two formats: YAML (`.yaml`/`.yml`) and Markdown whose YAML front matter sits between `---`
 * fences; the Markdown body (line breaks kept) becomes the field named by `bodyField`.
 */

export class ContentError extends Error {
  override name = "ContentError";
}

export function contentDir(): string {
  return path.resolve(getEnv().CONTENT_DIR);
}

/** `content/works/x.md` rather than an absolute path, so messages read the same on every machine. */
export function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith("..") ? file : relative;
}

export interface ContentFileOptions {
  /** For Markdown files: the field that receives the body (omit to ignore the body). */
  bodyField?: string;
}

/**
 * The most text one document may hold, in files (build, content:import) and in the editor:
 * three times the longest article (62 KB), and small enough that no reader (YAML, Markdown)
 * can be made to spend seconds or its stack on it. A form-encoded copy fits the editor's
 * 1 MB request limit (server/body-limit.ts).
 */
export const MAX_DOCUMENT_CHARACTERS = 200_000;

/**
 * Aliases (`*name`) one document may resolve, counting what each expands to: content files
 * need a handful, an "alias bomb" needs millions (yaml's own default, stated here).
 */
const MAX_ALIAS_COUNT = 100;

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** The raw (unchecked) data of one content file. Throws ContentError for unreadable YAML. */
export function readRawContent(file: string, options: ContentFileOptions = {}): unknown {
  return parseContentText(file, fs.readFileSync(file, "utf8"), options);
}

/**
 * A content file's text as data: YAML, or Markdown with YAML front matter (the body under
 * `bodyField`). `file` names it in messages and decides the format by its extension. Used for
 * files on disk and for the text the studio's editor sends.
 */
export function parseContentText(file: string, source: string, options: ContentFileOptions = {}): unknown {
  if (source.length > MAX_DOCUMENT_CHARACTERS) {
    throw new ContentError(
      `${displayPath(file)}: is ${source.length.toLocaleString("en-US")} characters long; a document holds at most ${MAX_DOCUMENT_CHARACTERS.toLocaleString("en-US")}. Split it, or move long text out.`,
    );
  }
  const ext = path.extname(file).toLowerCase();
  if (ext === ".yaml" || ext === ".yml") return parseYaml(file, source);
  if (ext !== ".md") throw new ContentError(`${displayPath(file)}: expected a .md, .yaml or .yml file`);
  const match = FRONT_MATTER.exec(source);
  if (!match) throw new ContentError(`${displayPath(file)}: expected front matter between "---" lines at the top`);
  const data = parseYaml(file, match[1] ?? "");
  if (data === null || typeof data !== "object" || Array.isArray(data))
    throw new ContentError(`${displayPath(file)}: the front matter must be "key: value" lines`);
  if (!options.bodyField) return data;
  const body = source
    .slice(match[0].length)
    .replace(/^\s*\n/, "")
    .replace(/\s+$/, "");
  return body ? { ...data, [options.bodyField]: body } : data;
}

function parseYaml(file: string, source: string): unknown {
  const document = parseDocument(source, { prettyErrors: true, uniqueKeys: true });
  const error = document.errors[0];
  if (error) {
    const line = error.linePos?.[0]?.line;
    throw new ContentError(`${displayPath(file)}${line ? ` line ${line}` : ""}: ${error.message.split("\n")[0]}`);
  }
  try {
    return document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    // yaml refuses an alias bomb with a ReferenceError; a value nested past the stack, a RangeError.
    if (error instanceof ReferenceError && /alias/i.test(error.message)) {
      throw new ContentError(
        `${displayPath(file)}: uses aliases (*name) for more than a content file needs (an "alias bomb"): write the values out`,
      );
    }
    if (error instanceof RangeError) throw new ContentError(`${displayPath(file)}: is nested too deeply to read`);
    throw error;
  }
}

/** One problem per line: `file: field.path: message (got value)`. */
export function describeIssues(file: string, error: z.ZodError, data: unknown): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.length > 0 ? issue.path.join(".") : "(file)";
    const got = valueAt(data, issue.path);
    const shown = got === undefined ? "" : ` (got ${JSON.stringify(got)?.slice(0, 60)})`;
    return `${displayPath(file)}: ${field}: ${issue.message}${shown}`;
  });
}

function valueAt(data: unknown, at: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of at) {
    // Own members only: a key named `constructor` in a file is not the object's constructor.
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Reads and checks one file. */
export function readContentFile<S extends z.ZodType>(
  file: string,
  schema: S,
  options: ContentFileOptions = {},
): z.output<S> {
  const data = readRawContent(file, options);
  const result = schema.safeParse(data);
  if (!result.success) throw new ContentError(describeIssues(file, result.error, data).join("\n"));
  return result.data;
}

export interface ContentEntry<T> {
  /** The file name without its extension: a work's or exhibition's slug. */
  name: string;
  file: string;
  data: T;
}
