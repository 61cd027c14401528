import type { z } from "zod";
import { ownEntry } from "#app/security/own-entry.ts";
import {
  type CollectionType,
  type ContentRegistry,
  type PageType,
  type RegistrySnapshot,
  siteRegistry,
} from "./content-registry.server.ts";

// What the rest of the code asks of the content registry: which paths are documents, each one's
// schema and plain name, the editor's groups, and the public addresses. All derived from the
// registry's entries, so none of it is a list of its own.

const SLUG = "[a-z0-9][a-z0-9-]*";

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const pathPatterns = new WeakMap<ContentRegistry, RegExp>();

/** Whether `path` names a document the registry has a place for (`works/moss-oracle.md`). */
export function isDocumentPath(path: string, registry: ContentRegistry = siteRegistry): boolean {
  let pattern = pathPatterns.get(registry);
  if (!pattern) {
    const folders = Object.values(registry.collections).map(
      (collection) =>
        `${escaped(collection.folder)}/${SLUG}${collection.format.extension === ".yaml" ? "\\.ya?ml" : "\\.md"}`,
    );
    pattern = new RegExp(`^(?:${escaped(registry.settings.file)}|pages/${SLUG}\\.ya?ml|${folders.join("|")})$`);
    pathPatterns.set(registry, pattern);
  }
  return pattern.test(path);
}

/** What a document at `path` is: the settings, a page, or an item of a collection. */
export type DocumentKind =
  | { kind: "settings" }
  | { kind: "page"; key: string; page: PageType }
  | { kind: "item"; key: string; collection: CollectionType; name: string };

export function documentKind(path: string, registry: ContentRegistry = siteRegistry): DocumentKind | undefined {
  if (!isDocumentPath(path, registry)) return undefined;
  if (path === registry.settings.file) return { kind: "settings" };
  const [folder = "", file = ""] = path.split("/");
  const name = file.replace(/\.(ya?ml|md)$/, "");
  if (folder === "pages") {
    const entry = Object.entries(registry.pages).find(([, page]) => page.file === name);
    return entry ? { kind: "page", key: entry[0], page: entry[1] } : undefined;
  }
  const entry = Object.entries(registry.collections).find(([, collection]) => collection.folder === folder);
  return entry ? { kind: "item", key: entry[0], collection: entry[1], name } : undefined;
}

/** The schema of the document at `path` (what the editor draws), or undefined for a path the registry does not know. */
export function documentSchema(path: string, registry: ContentRegistry = siteRegistry): z.ZodType | undefined {
  const kind = documentKind(path, registry);
  if (!kind) return undefined;
  if (kind.kind === "settings") return registry.settings.schema;
  return kind.kind === "page" ? kind.page.schema : kind.collection.schema;
}

/** The editor's groups, in the order the studio works through them: settings, pages, then each collection. */
export function editorGroups(registry: ContentRegistry = siteRegistry) {
  return [
    { folder: registry.settings.file, label: registry.settings.label, itemLabel: registry.settings.label },
    { folder: "pages", label: "Pages", itemLabel: "Page" },
    ...Object.values(registry.collections).map(({ folder, label, itemLabel }) => ({ folder, label, itemLabel })),
  ];
}

/** The group a document belongs to (`works/x.md` -> works). */
export function groupOf(path: string): string {
  return path.split("/")[0] ?? path;
}

/** Documents grouped for the editor's list, in editorGroups order; a group with none is left out. */
export function documentsByGroup<T extends { path: string }>(
  documents: readonly T[],
  registry: ContentRegistry = siteRegistry,
): { folder: string; label: string; documents: T[] }[] {
  return editorGroups(registry).flatMap(({ folder, label }) => {
    const inGroup = documents.filter((document) => groupOf(document.path) === folder);
    return inGroup.length > 0 ? [{ folder, label, documents: inGroup }] : [];
  });
}

/**
 * A document's plain name for the studio: a page's label ("About"), an item's title or heading
 * ("Brass Moth"), the file's name only when it has neither.
 */
export function documentTitle(path: string, data: unknown, registry: ContentRegistry = siteRegistry): string {
  const kind = documentKind(path, registry);
  if (kind?.kind === "settings") return registry.settings.label;
  if (kind?.kind === "page") return kind.page.label;
  const fields =
    data !== null && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  for (const key of ["title", "heading", "nav_label"]) {
    const value = fields[key];
    if (typeof value === "string" && value.trim()) return value.trim();
  }
  const name = path.slice(path.lastIndexOf("/") + 1).replace(/\.(ya?ml|md)$/, "");
  return kind?.kind === "item" && kind.key === "images" ? `Images: ${name.replace(/-/g, " ")}` : name;
}

/** Whether the studio may delete the document (to the Trash): an item of a collection that allows it; the site needs every page. */
export function isDeletable(path: string, registry: ContentRegistry = siteRegistry): boolean {
  const kind = documentKind(path, registry);
  return kind?.kind === "item" && kind.collection.deletable !== false;
}

/** What the studio calls the kind of a document ("Work", "Page", "Site settings"). */
export function documentKindLabel(path: string, registry: ContentRegistry = siteRegistry): string {
  const kind = documentKind(path, registry);
  if (!kind) return "Document";
  if (kind.kind === "settings") return registry.settings.label;
  return kind.kind === "page" ? "Page" : kind.collection.itemLabel;
}

/** The public address a document's content shows at, as the snapshot has it; none for the settings or a hidden work. */
export function publicPathOf(
  path: string,
  snapshot: RegistrySnapshot,
  registry: ContentRegistry = siteRegistry,
): string | undefined {
  const kind = documentKind(path, registry);
  if (kind?.kind === "page") return kind.page.path;
  if (kind?.kind === "item") return kind.collection.itemPath?.(kind.name, ownEntry(snapshot.collections, kind.key));
  return undefined;
}

/**
 * Every public address of the content: the pages with an address and every collection's items.
 * `prerendered` only: those whose HTML never depends on the request (the build's prerender list
 * and the pages the server keeps in memory); else all (the sitemap).
 */
export function publicPaths(
  snapshot: RegistrySnapshot,
  options: { prerendered: boolean },
  registry: ContentRegistry = siteRegistry,
): string[] {
  const pages = Object.values(registry.pages).flatMap((page) =>
    page.path !== undefined && (page.prerendered || !options.prerendered) ? [page.path] : [],
  );
  const items = Object.entries(registry.collections).flatMap(
    ([key, collection]) => collection.itemPaths?.(ownEntry(snapshot.collections, key)) ?? [],
  );
  return [...pages, ...items];
}

/** The label of the editor's group a document is in ("Works", "Pages"): the eyebrow over its title. */
export function documentGroupLabel(path: string, registry: ContentRegistry = siteRegistry): string {
  const folder = path === registry.settings.file ? path : groupOf(path);
  return editorGroups(registry).find((group) => group.folder === folder)?.label ?? "Content";
}
