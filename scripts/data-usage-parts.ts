import fs from "node:fs";
import path from "node:path";
import { formatBinaryFileSize } from "#app/format/file-size.ts";

/** The parts of DATA_DIR `npm run data:usage` reports, in its order. */
export const DATA_PARTS = ["database", "image derivatives", "zoom pyramids", "mail", "other"] as const;
export type DataPart = (typeof DATA_PARTS)[number];

export interface PartUsage {
  part: DataPart;
  bytes: number;
  files: number;
}

/** Which part a path directly under DATA_DIR (or under its image-cache/) belongs to. */
function partOf(relative: string): DataPart {
  const [top = "", second = ""] = relative.split(path.sep);
  if (top === "pglite" || top === "database.lock") return "database";
  if (top === "image-cache") return second === "zoom" ? "zoom pyramids" : "image derivatives";
  if (top === "outbox" || top === "mail") return "mail";
  return "other";
}

/**
 * DATA_DIR's bytes and files by part: the embedded database (pglite/), the image cache's
 * derivatives and its zoom pyramids (image-cache/, image-cache/zoom/), mail (outbox/), and
 * everything else (secrets, backups kept by a restore, temporary files). Symbolic links are
 * counted as themselves, never followed.
 */
export function dataUsage(dataDir: string): PartUsage[] {
  const usage = new Map<DataPart, PartUsage>(DATA_PARTS.map((part) => [part, { part, bytes: 0, files: 0 }]));
  const walk = (relative: string) => {
    const full = path.join(dataDir, relative);
    const stat = fs.lstatSync(full, { throwIfNoEntry: false });
    if (!stat) return; // removed while we looked
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(full)) walk(path.join(relative, name));
      return;
    }
    const part = usage.get(partOf(relative));
    if (!part) return;
    part.bytes += stat.size;
    part.files++;
  };
  for (const name of fs.readdirSync(dataDir)) walk(name);
  return [...usage.values()];
}

/** 1.2 MB, 340 KB, 12 B. */
export function humanSize(bytes: number): string {
  // Under a kilobyte in bytes: an empty part reads "0 B", not the 1 KB a download's size would.
  return bytes < 1024 ? `${bytes} B` : formatBinaryFileSize(bytes);
}
