/**
 * What an import would change, in the studio's words: per group of documents (works, pages...)
 * the titles added, changed and removed, then how many pictures and files are new. Built from
 * the import's dry run; the screen shows it before Apply.
 */
export interface ImportPreview {
  nothing: boolean;
  groups: { label: string; added: string[]; changed: string[]; removed: string[] }[];
  /** Pictures whose original is new or replaced. */
  images: number;
  /** Exhibition files (PDFs, recordings) the site does not have yet. */
  files: number;
}

/** The document groups in the order the studio's content list shows them. */
const GROUPS = [
  { folder: "site.yaml", label: "Site settings" },
  { folder: "pages", label: "Pages" },
  { folder: "works", label: "Works" },
  { folder: "exhibitions", label: "Exhibitions" },
  { folder: "articles", label: "Articles" },
  { folder: "interviews", label: "Interviews" },
  { folder: "images", label: "Page image lists" },
];

/** A document's title as the content list shows it: its title, heading or brand, else its name. */
export function documentTitle(path: string, data: unknown): string {
  const fields =
    data !== null && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  for (const key of ["title", "heading", "brand"]) {
    const value = fields[key];
    if (typeof value === "string" && value.trim()) return value.trim();
  }
  const name = path.slice(path.lastIndexOf("/") + 1).replace(/\.[a-z]+$/, "");
  return name.charAt(0).toUpperCase() + name.slice(1).replace(/-/g, " ");
}

export function importPreview(summary: {
  documents: { added: string[]; changed: string[]; removed: string[] };
  images: string[];
  files: string[];
  before: ReadonlyMap<string, unknown>;
  after: ReadonlyMap<string, unknown>;
}): ImportPreview {
  const titles = (paths: string[], from: ReadonlyMap<string, unknown>) =>
    paths.map((path) => documentTitle(path, from.get(path))).sort((a, b) => a.localeCompare(b));
  const inGroup = (folder: string) => (path: string) => (path.split("/")[0] ?? path) === folder;
  const groups = GROUPS.map(({ folder, label }) => ({
    label,
    added: titles(summary.documents.added.filter(inGroup(folder)), summary.after),
    changed: titles(summary.documents.changed.filter(inGroup(folder)), summary.after),
    removed: titles(summary.documents.removed.filter(inGroup(folder)), summary.before),
  })).filter((group) => group.added.length + group.changed.length + group.removed.length > 0);
  return {
    nothing: groups.length === 0 && summary.images.length === 0 && summary.files.length === 0,
    groups,
    images: summary.images.length,
    files: summary.files.length,
  };
}
