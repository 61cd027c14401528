import fs from "node:fs";
import path from "node:path";
import type { z } from "zod";
import {
  type ContentEntry,
  ContentError,
  describeIssues,
  displayPath,
  readRawContent,
} from "./content-files.server.ts";

/**
 * Where the site's content documents come from: the content folder (files, as written in git)
 * or the database (the same documents, edited in the browser; decision 039). A document is what
 * a content file holds once parsed: a YAML file's value, or a Markdown file's front matter with
 * its body under the field its folder's storage names (ContentLayout). Readers check documents the same
 * way whichever source they come from, so the zod schemas stay the one definition.
 */
export interface ContentSource {
  /** Shown before a document's path in messages: `content` for the folder, `database` for rows. */
  readonly label: string;
  /** The documents directly in a folder (`works`), in file-name order. */
  folder(folder: string): ContentDocument[];
  /** One document by its path (`site.yaml`); throws ContentError when there is none. */
  document(file: string): ContentDocument;
}

export interface ContentDocument {
  /** The file name without its extension: a work's or exhibition's slug, a page's name. */
  name: string;
  /** Where it is, for messages: `content/works/moss-oracle.md`. */
  file: string;
  /** The parsed, unchecked document. */
  data: unknown;
}

/**
 * How the documents at one place of the content tree are written: a single file (`site.yaml`),
 * or a folder of YAML or Markdown files, a Markdown file's body going under `bodyField`. The
 * content registry (app/content/content-registry.server.ts) says it for each collection; this
 * layer only reads and writes what it is told.
 */
export type DocumentStorage = { kind: "file" } | { kind: "folder"; extension: ".yaml" | ".md"; bodyField?: string };

/** Each place of the content tree (`site.yaml`, `works`) and how its documents are written. */
export type ContentLayout = Readonly<Record<string, DocumentStorage>>;

const CONTENT_EXTENSIONS = new Set([".md", ".yaml", ".yml"]);

/** The Markdown body's field for a document at `file` (`works/x.md` -> description), if any. */
export function bodyFieldOf(file: string, layout: ContentLayout): string | undefined {
  const storage = Object.hasOwn(layout, file.split("/")[0] ?? "") ? layout[file.split("/")[0] ?? ""] : undefined;
  return storage && storage.kind === "folder" ? storage.bodyField : undefined;
}

/** Documents read from a content folder on disk (CONTENT_DIR, or a scratch copy in tests). */
export class DirectorySource implements ContentSource {
  readonly label: string;
  constructor(
    readonly dir: string,
    readonly layout: ContentLayout,
  ) {
    this.label = displayPath(dir);
  }

  folder(folder: string): ContentDocument[] {
    const absolute = path.join(this.dir, folder);
    if (!fs.existsSync(absolute)) throw new ContentError(`${displayPath(absolute)}: folder not found`);
    const names = fs
      .readdirSync(absolute, { withFileTypes: true })
      .filter((entry) => entry.isFile() && CONTENT_EXTENSIONS.has(path.extname(entry.name).toLowerCase()))
      .map((entry) => entry.name)
      .sort();
    const problems: string[] = [];
    const documents: ContentDocument[] = [];
    for (const name of names) {
      try {
        documents.push(this.document(`${folder}/${name}`));
      } catch (error) {
        if (!(error instanceof ContentError)) throw error;
        problems.push(error.message);
      }
    }
    if (problems.length > 0) throw new ContentError(problems.join("\n"));
    return documents;
  }

  document(file: string): ContentDocument {
    const absolute = path.join(this.dir, file);
    const bodyField = bodyFieldOf(file, this.layout);
    // A Markdown file read without its body's field would lose the body: a mistake in the caller.
    if (file.endsWith(".md") && !bodyField) throw new Error(`${file}: the layout names no body field for its folder`);
    return {
      name: path.basename(file, path.extname(file)),
      file: displayPath(absolute),
      data: readRawContent(absolute, bodyField ? { bodyField } : {}),
    };
  }

  /** Every document of the tree, by path (`works/moss-oracle.md`): what `content:import` and the first start load. */
  all(): Map<string, unknown> {
    const documents = new Map<string, unknown>();
    for (const [entry, storage] of Object.entries(this.layout)) {
      if (storage.kind === "file") {
        documents.set(entry, this.document(entry).data);
        continue;
      }
      for (const document of this.folder(entry)) {
        documents.set(`${entry}/${path.basename(document.file)}`, document.data);
      }
    }
    return documents;
  }
}

/** Documents held in memory by path (`works/moss-oracle.md`): the database's rows, or the build's bundle. */
export class DocumentSource implements ContentSource {
  constructor(
    private readonly documents: ReadonlyMap<string, unknown>,
    readonly label = "database",
  ) {}

  /** Every document, by path. */
  all(): ReadonlyMap<string, unknown> {
    return this.documents;
  }

  folder(folder: string): ContentDocument[] {
    const prefix = `${folder}/`;
    return [...this.documents.keys()]
      .filter((file) => file.startsWith(prefix) && !file.slice(prefix.length).includes("/"))
      .sort()
      .map((file) => this.document(file));
  }

  document(file: string): ContentDocument {
    if (!this.documents.has(file)) throw new ContentError(`${this.label}/${file}: not found`);
    return {
      name: path.posix.basename(file, path.posix.extname(file)),
      file: `${this.label}/${file}`,
      data: this.documents.get(file),
    };
  }
}

/** Where a reader reads documents from: a content folder (DirectorySource) or documents in memory. */
export type ContentLocation = ContentSource;

export function contentSource(location: ContentLocation): ContentSource {
  return location;
}

/** Checks one document against its schema; the message names the document, the field and the value. */
export function checkDocument<S extends z.ZodType>(document: ContentDocument, schema: S): z.output<S> {
  const result = schema.safeParse(document.data);
  if (!result.success) throw new ContentError(describeIssues(document.file, result.error, document.data).join("\n"));
  return result.data;
}

/** Reads and checks one document (`site.yaml`, `pages/about.yaml`). */
export function readDocument<S extends z.ZodType>(location: ContentLocation, file: string, schema: S): z.output<S> {
  return checkDocument(contentSource(location).document(file), schema);
}

/**
 * Reads and checks every document of a folder, in file-name order. Problems in several documents
 * are reported together, so one run shows them all.
 */
export function readFolder<S extends z.ZodType>(
  location: ContentLocation,
  folder: string,
  schema: S,
): ContentEntry<z.output<S>>[] {
  const problems: string[] = [];
  const entries: ContentEntry<z.output<S>>[] = [];
  for (const document of contentSource(location).folder(folder)) {
    try {
      entries.push({ name: document.name, file: document.file, data: checkDocument(document, schema) });
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      problems.push(error.message);
    }
  }
  if (problems.length > 0) throw new ContentError(problems.join("\n"));
  return entries;
}
