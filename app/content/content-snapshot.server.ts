import { ContentError } from "#app/content-files/content-files.server.ts";
import type { ContentSource } from "#app/content-files/content-source.server.ts";
import { readDocument } from "#app/content-files/content-source.server.ts";
import {
  type ContentRegistry,
  type ContentSnapshot,
  type RegistrySnapshot,
  siteRegistry,
} from "./content-registry.server.ts";

/**
 * Checks every document of a source (the content folder, the database's rows, the build's
 * bundle) and returns the site's content as one snapshot, each part read as its registry entry
 * says. Problems in several documents are reported together, one per line, with the document,
 * the field and what was expected; nothing is returned unless all of it is valid, so a
 * half-checked snapshot never reaches a page.
 */
export function snapshotFrom(source: ContentSource): ContentSnapshot;
export function snapshotFrom(source: ContentSource, registry: ContentRegistry): RegistrySnapshot;
export function snapshotFrom(source: ContentSource, registry: ContentRegistry = siteRegistry): RegistrySnapshot {
  const problems: string[] = [];
  const failed = Symbol("failed");
  function checked<T>(read: () => T): T | typeof failed {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      problems.push(error.message);
      return failed;
    }
  }
  const site = checked(() => registry.settings.read(source));
  const pages: Record<string, unknown> = {};
  for (const [key, page] of Object.entries(registry.pages))
    pages[key] = checked(() => readDocument(source, `pages/${page.file}.yaml`, page.schema));
  const collections: Record<string, unknown> = {};
  // Those that name others (exhibitions name works and images) are read once those are valid.
  const entries = Object.entries(registry.collections);
  const ordered = [...entries.filter(([, c]) => !c.needs), ...entries.filter(([, c]) => c.needs)];
  for (const [key, collection] of ordered) {
    const needs = collection.needs ?? [];
    if (needs.some((need) => collections[need] === failed || !(need in collections))) {
      collections[key] = failed;
      continue;
    }
    const needed = Object.fromEntries(needs.map((need) => [need, collections[need]]));
    collections[key] = checked(() => collection.read(source, needed));
  }
  const snapshot = { site, pages, collections: Object.fromEntries(entries.map(([key]) => [key, collections[key]])) };
  if (problems.length === 0 && registry.crossChecks) problems.push(...registry.crossChecks(snapshot, source.label));
  if (problems.length > 0) throw new ContentError(problems.join("\n"));
  return snapshot;
}
