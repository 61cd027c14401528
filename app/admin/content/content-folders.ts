/** The editor's groups of documents, in the order the studio works through them. */
const FOLDERS = [
  { folder: "site.yaml", label: "Site settings" },
  { folder: "pages", label: "Pages" },
  { folder: "works", label: "Works" },
  { folder: "exhibitions", label: "Exhibitions" },
  { folder: "articles", label: "Articles" },
  { folder: "interviews", label: "Interviews" },
  { folder: "images", label: "Page images" },
] as const;

/** One item of a folder, as the Trash and the delete question name it. */
const ITEM_LABELS: Record<string, string> = {
  works: "Work",
  exhibitions: "Exhibition",
  articles: "Article",
  interviews: "Interview",
  pages: "Page",
  images: "Page images",
};

export function itemLabel(path: string): string {
  return ITEM_LABELS[path.split("/")[0] ?? ""] ?? "Site settings";
}

/** The folders whose documents the studio may delete (to the Trash): the site needs every page. */
export function isDeletable(path: string): boolean {
  return /^(?:works|exhibitions|articles|interviews)\//.test(path);
}

export function folderLabel(folder: string): string {
  return FOLDERS.find((entry) => entry.folder === folder)?.label ?? folder;
}

/** Documents grouped by folder (`works/x.md` -> works), in FOLDERS order, each group as given. */
export function foldersInOrder<T extends { path: string }>(
  documents: readonly T[],
): { folder: string; documents: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const document of documents) {
    const folder = document.path.split("/")[0] ?? document.path;
    groups.set(folder, [...(groups.get(folder) ?? []), document]);
  }
  return FOLDERS.flatMap(({ folder }) => {
    const inFolder = groups.get(folder);
    return inFolder ? [{ folder, documents: inFolder }] : [];
  });
}
