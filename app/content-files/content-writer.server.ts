import fs from "node:fs";
import path from "node:path";
import { stringify } from "yaml";
import { bodyFieldOf, type ContentLayout } from "./content-source.server.ts";

/**
 * Writes content documents back as the files they are read from (`npm run content:export`): a
 * YAML file's value, or a Markdown file's front matter with its body field as the body. Reading
 * the written tree gives back the same documents (content-writer.server.test.ts), so an export
 * imported again changes nothing. Comments in the original files are not kept: the database
 * holds values, not text.
 */
export function documentText(file: string, data: unknown, layout: ContentLayout): string {
  const bodyField = bodyFieldOf(file, layout);
  if (!file.endsWith(".md") || !bodyField) return stringify(data, { lineWidth: 100 });
  const { [bodyField]: body, ...frontMatter } = data as Record<string, unknown>;
  const head = `---\n${stringify(frontMatter, { lineWidth: 100 })}---\n`;
  return typeof body === "string" && body !== "" ? `${head}\n${body}\n` : head;
}

/**
 * Writes every document under `dir` and removes the document files of the content folders that
 * are no longer published, leaving everything else there (originals, other files) alone. Each
 * file is written to a temporary name and renamed, so a reader never sees half a file.
 */
export function writeContentTree(
  dir: string,
  documents: ReadonlyMap<string, unknown>,
  layout: ContentLayout,
): { written: number; removed: string[] } {
  const removed: string[] = [];
  for (const [entry, storage] of Object.entries(layout)) {
    if (storage.kind !== "folder") continue;
    const folder = path.join(dir, entry);
    if (!fs.existsSync(folder)) continue;
    for (const name of fs.readdirSync(folder)) {
      const file = `${entry}/${name}`;
      if (!/\.(md|ya?ml)$/i.test(name) || documents.has(file)) continue;
      if (!fs.statSync(path.join(folder, name)).isFile()) continue;
      fs.rmSync(path.join(folder, name));
      removed.push(file);
    }
  }
  for (const [file, data] of documents) {
    const target = path.join(dir, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, documentText(file, data, layout));
    fs.renameSync(temporary, target);
  }
  return { written: documents.size, removed };
}
