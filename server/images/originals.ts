import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "../../app/config/env.server.ts";

/**
 * Real originals live in `content/originals/<collection>/<name>.<ext>` (or ORIGINALS_DIR).
 * Dropping a file there replaces the generated stand-in for that image with no code change;
 * the build reads its size and blur placeholder, the server derives its sizes on request.
 */
export const ORIGINAL_EXTENSIONS = [".jpg", ".jpeg", ".png", ".webp", ".avif", ".tif", ".tiff"];

export function originalsDir(): string {
  return path.resolve(getEnv().ORIGINALS_DIR);
}

export interface OriginalFile {
  collection: string;
  name: string;
  file: string;
  /** Short content hash: a new original gets new URLs, so long-cached old ones are never shown. */
  version: string;
}

export function findOriginals(dir = originalsDir()): OriginalFile[] {
  if (!fs.existsSync(dir)) return [];
  const found: OriginalFile[] = [];
  for (const collection of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!collection.isDirectory()) continue;
    for (const entry of fs.readdirSync(path.join(dir, collection.name), { withFileTypes: true })) {
      const ext = path.extname(entry.name).toLowerCase();
      if (!entry.isFile() || !ORIGINAL_EXTENSIONS.includes(ext)) continue;
      const file = path.join(dir, collection.name, entry.name);
      const version = crypto.createHash("sha1").update(fs.readFileSync(file)).digest("hex").slice(0, 10);
      found.push({
        collection: collection.name,
        name: path.basename(entry.name, path.extname(entry.name)),
        file,
        version,
      });
    }
  }
  return found;
}
