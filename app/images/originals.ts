import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { contentDir, displayPath } from "#app/content-files/content-files.server.ts";
import { DirectorySource } from "#app/content-files/content-source.server.ts";
import { imagesDir, readPageImages } from "#app/images/page-image-files.server.ts";
import { ownEntry } from "#app/security/own-entry.ts";

/**
 * Real originals sit beside their record under CONTENT_DIR: a work's as
 * `works/<slug>.<ext>` next to `works/<slug>.md`, a page image's as
 * `images/<collection>/<name>.<ext>` for a name listed in `images/<collection>.yaml`. Dropping
 * one there replaces the generated stand-in with no code change; the build reads its size and
 * blur placeholder, the server derives its sizes on request. A file no record names is reported,
 * never served.
 */
export const ORIGINAL_EXTENSIONS = [".jpg", ".jpeg", ".png", ".webp", ".avif", ".tif", ".tiff"];

export interface OriginalFile {
  /** "artworks" for a work, else the page-image collection. */
  collection: string;
  name: string;
  file: string;
  /** Short content hash: a new original gets new URLs, so long-cached old ones are never shown. */
  version: string;
}

export interface OriginalsScan {
  originals: OriginalFile[];
  /** One line per image file left out: no record names it, or its record has two originals. */
  problems: string[];
}

function imageFiles(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile() && ORIGINAL_EXTENSIONS.includes(path.extname(entry.name).toLowerCase()))
    .map((entry) => entry.name)
    .sort();
}

export function scanOriginals(dir = contentDir()): OriginalsScan {
  const originals: OriginalFile[] = [];
  const problems: string[] = [];
  /** `unknown` says which record is missing, or is undefined when one names this file. */
  const add = (collection: string, folder: string, file: string, unknown: string | undefined) => {
    const name = path.basename(file, path.extname(file));
    const full = path.join(folder, file);
    if (unknown) {
      problems.push(`${displayPath(full)}: ${unknown}, so this image is not used`);
      return;
    }
    const twin = originals.find((o) => o.collection === collection && o.name === name);
    if (twin) {
      problems.push(`${displayPath(full)}: "${name}" already has ${displayPath(twin.file)}, so this one is not used`);
      return;
    }
    const version = crypto.createHash("sha1").update(fs.readFileSync(full)).digest("hex").slice(0, 10);
    originals.push({ collection, name, file: full, version });
  };

  const works = path.join(dir, "works");
  for (const file of imageFiles(works)) {
    const record = path.join(works, `${path.basename(file, path.extname(file))}.md`);
    add("artworks", works, file, fs.existsSync(record) ? undefined : `there is no work ${displayPath(record)}`);
  }
  const images = imagesDir(dir);
  const registry = fs.existsSync(images) ? readPageImages(new DirectorySource(dir, {})) : {};
  const collections = fs.existsSync(images)
    ? fs.readdirSync(images, { withFileTypes: true }).filter((entry) => entry.isDirectory())
    : [];
  for (const { name: collection } of collections) {
    const names = new Set((ownEntry(registry, collection) ?? []).map((image) => image.name));
    for (const file of imageFiles(path.join(images, collection))) {
      const name = path.basename(file, path.extname(file));
      const listed = names.has(name)
        ? undefined
        : `"${name}" is not listed in ${displayPath(`${images}/${collection}.yaml`)}`;
      add(collection, path.join(images, collection), file, listed);
    }
  }
  return { originals, problems };
}

/** The originals the site uses (see scanOriginals for the ones it leaves out). */
export function findOriginals(dir = contentDir()): OriginalFile[] {
  return scanOriginals(dir).originals;
}
