import path from "node:path";
import { ContentError, contentDir } from "#app/content-files/content-files.server.ts";
import { type ContentLocation, readFolder } from "#app/content-files/content-source.server.ts";
import {
  type ArtworkRecord,
  artworkRecord,
  catalogueOrder,
  crossRecordProblems,
  workFileSchema,
} from "./artwork-record.ts";

/** Where the works live: one `<slug>.md` per work, its real original beside it. */
export function worksDir(dir = contentDir()): string {
  return path.join(dir, "works");
}

/**
 * Every work in content/works, checked (an invalid file fails the build naming the file and
 * field), in catalogue order. Served to the app as `virtual:content/works`; the prerender list
 * calls it directly.
 */
export function readWorkRecords(dir: ContentLocation): ArtworkRecord[] {
  const entries = readFolder(dir, "works", workFileSchema);
  const problems = crossRecordProblems(entries.map((e) => ({ slug: e.name, file: e.file })));
  if (problems.length > 0) throw new ContentError(problems.join("\n"));
  return catalogueOrder(entries.map((entry) => artworkRecord(entry.name, entry.data)));
}
