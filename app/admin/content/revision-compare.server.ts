import type { DocumentRevision, RevisionAction } from "#app/content/content-documents.server.ts";
import { fallbackFormat, imageUrl } from "#app/images/image-catalog.ts";
import { declaredImage, imageInfo, type PageImageRegistry } from "#app/images/image-info.server.ts";
import { type OpenedDocument, revisionText } from "./content-editing.server.ts";
import { type FieldChange, fieldDiff, type ShownValue } from "./field-diff.ts";
import { formSpecFor } from "./form-actions.server.ts";
import { type DiffLine, lineDiff } from "./line-diff.ts";
import { FIELD_KEY, MAX_FIELD_KEY } from "./restore-field.server.ts";

/**
 * The history's comparison (`?revision=3`, or `?revision=3&against=5`): what changed from one
 * revision to another (the live one unless asked), field by field for people, with thumbnails
 * for images, and the stored text line by line for the technical user.
 */

/** One side of a comparison: which revision, made how, by whom, when. */
export interface ComparedRevision {
  revision: number;
  action: RevisionAction;
  author: string;
  createdAt: Date;
  live: boolean;
}

/** A field's change as the page shows it (the raw values stay on the server). */
export interface ComparedChange {
  key: string;
  kind: FieldChange["kind"];
  label: string;
  show: FieldChange["show"];
  /** Whether "Restore this field" is offered: comparing against the live one, a field not the whole. */
  restorable: boolean;
}

export interface RevisionComparison {
  from: ComparedRevision;
  to: ComparedRevision;
  /** The side that has no document (that revision deleted it). */
  deleted?: "from" | "to";
  changes: ComparedChange[];
  /** A small picture of each image named in the changes, by "collection/name". */
  thumbnails: Record<string, string>;
  /** The stored text, line by line (undefined when too long, or a side has none). */
  lines?: DiffLine[];
}

/** The comparison the address asks for, or undefined (none asked, or a revision not in the history). */
export function compareRevisions(
  path: string,
  document: OpenedDocument,
  query: URLSearchParams,
  registry: PageImageRegistry,
): RevisionComparison | undefined {
  const asked = Number(query.get("revision"));
  const from = document.history.find((entry) => entry.revision === asked);
  const against = query.has("against") ? Number(query.get("against")) : document.revision;
  const other = document.history.find((entry) => entry.revision === against && against !== document.revision);
  const to: DocumentRevision & { live: boolean } = other
    ? { ...other, live: false }
    : {
        revision: document.revision,
        action: document.history.find((entry) => entry.revision === document.revision)?.action ?? "publish",
        author: document.updatedBy,
        createdAt: document.updatedAt,
        data: document.data,
        live: true,
      };
  if (!from || from.revision === to.revision) return undefined;
  const changes = fieldDiff(from.data, to.data, formSpecFor(path));
  const fromText = revisionText(path, from);
  const toText = to.live ? document.text : revisionText(path, to);
  return {
    from: sideOf(from, from.revision === document.revision),
    to: sideOf(to, to.live),
    deleted: from.data === null ? "from" : to.data === null ? "to" : undefined,
    changes: changes.map((change) => ({
      key: change.key,
      kind: change.kind,
      label: change.label,
      show: change.show,
      restorable: to.live && change.path.length > 0 && change.key.length <= MAX_FIELD_KEY && FIELD_KEY.test(change.key),
    })),
    thumbnails: thumbnailsOf(changes, registry),
    lines: fromText === null || toText === null ? undefined : lineDiff(fromText, toText),
  };
}

function sideOf(revision: DocumentRevision, live: boolean): ComparedRevision {
  return {
    revision: revision.revision,
    action: revision.action,
    author: revision.author,
    createdAt: revision.createdAt,
    live,
  };
}

/** The smallest size of each image the changes show, as the image panel previews it. */
export function thumbnailsOf(changes: FieldChange[], registry: PageImageRegistry): Record<string, string> {
  const thumbnails: Record<string, string> = {};
  const add = (value: ShownValue | undefined) => {
    const image = value?.image;
    if (!image || !declaredImage(image.collection, image.name, registry)) return;
    const info = imageInfo(image.collection, image.name, registry);
    thumbnails[`${image.collection}/${image.name}`] = imageUrl(info, info.widths[0] ?? 400, fallbackFormat(info));
  };
  for (const change of changes) {
    if (change.show.as !== "values") continue;
    add(change.show.before);
    add(change.show.after);
  }
  return thumbnails;
}
