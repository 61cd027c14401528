import fs from "node:fs/promises";
import path from "node:path";
import { contentLayout } from "#app/content/content-registry.server.ts";
import { MAX_UPLOAD_BYTES } from "#app/images/inspect-upload.ts";
import { ORIGINAL_EXTENSIONS } from "#app/images/originals.ts";
import { MAX_AUDIO_BYTES } from "#app/uploads/exhibition-file-kind.ts";
import { EXHIBITION_FILES_FOLDER } from "./exhibition-files-folder.server.ts";

/**
 * What a site archive may hold: the content folder's layout as content:export writes it
 * (documents where the content registry keeps them, originals beside their records, uploaded exhibition files) and
 * the manifest. Every other name is refused, so an archive can only ever write into those folders.
 *
 * Limits (docs/editing-content.md): an upload of at most 1 GB, streamed to disk; at most 2 GB
 * and 50,000 files once unpacked; a file at most its kind's upload limit.
 */
export const ARCHIVE_LIMITS = {
  /** The uploaded (gzip'd) archive. */
  archiveBytes: 1024 * 1024 * 1024,
  /** Everything unpacked. */
  totalBytes: 2 * 1024 * 1024 * 1024,
  entries: 50_000,
  /** Unpacked bytes per gzip'd byte past the first MB: text packs ~10x, pictures ~1x; a bomb 1000x. */
  ratio: 100,
} as const;

export const MANIFEST_NAME = "manifest.json";
const DOCUMENT_BYTES = 2 * 1024 * 1024;
const NAME = "[a-z0-9][a-z0-9-]*";
const ORIGINAL = `(?:${ORIGINAL_EXTENSIONS.map((extension) => extension.slice(1)).join("|")})`;

interface Allowed {
  /** The largest file of this kind. */
  maxBytes: number;
}

/** The folders an archive may name as folder entries (`works/`), which the reader skips. */
export function isArchiveFolder(name: string): boolean {
  const bare = name.replace(/\/$/, "");
  if (bare === EXHIBITION_FILES_FOLDER) return true;
  if (new RegExp(`^images/${NAME}$`).test(bare)) return true;
  return Object.entries(contentLayout()).some(([entry, layout]) => layout.kind === "folder" && entry === bare);
}

/** What a file name may hold in the archive, or undefined when the archive may not name it. */
export function allowedArchiveFile(name: string): Allowed | undefined {
  if (name === MANIFEST_NAME) return { maxBytes: 64 * 1024 };
  if (new RegExp(`^${EXHIBITION_FILES_FOLDER}/[0-9a-f]{64}\\.[a-z0-9]{2,5}$`).test(name))
    return { maxBytes: MAX_AUDIO_BYTES };
  if (new RegExp(`^(?:works/${NAME}|images/${NAME}/${NAME})\\.${ORIGINAL}$`, "i").test(name))
    return { maxBytes: MAX_UPLOAD_BYTES };
  for (const [entry, layout] of Object.entries(contentLayout())) {
    if (layout.kind === "file" ? name === entry : documentIn(entry, layout.extension).test(name))
      return { maxBytes: DOCUMENT_BYTES };
  }
  return undefined;
}

function documentIn(folder: string, extension: string): RegExp {
  const extensions = extension === ".yaml" ? "ya?ml" : extension.slice(1);
  return new RegExp(`^${folder}/${NAME}\\.${extensions}$`);
}

/** Why a name is unsafe to write (absolute, `..`, backslashes, control characters), or undefined. */
export function unsafeName(name: string): string | undefined {
  if (name === "" || name.startsWith("/") || /^[a-z]:/i.test(name)) return "it is an absolute path";
  if (name.split("/").some((segment) => segment === ".." || segment === ".")) return "it climbs out of its folder";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\\\u0000-\u001f]/.test(name)) return "it holds a backslash or a control character";
  return undefined;
}

/**
 * Makes the content folders an unpacked archive lacks: a site with no interviews exports none, and
 * tar keeps no empty folder, but the content reader needs every folder of the layout.
 */
export async function addEmptyFolders(dir: string): Promise<void> {
  for (const [entry, layout] of Object.entries(contentLayout()))
    if (layout.kind === "folder") await fs.mkdir(path.join(dir, entry), { recursive: true });
}
