// The files the build wrote for nginx (scripts/export-nginx-pages.mjs), read by the page cache.
import fs from "node:fs";
import path from "node:path";
import { type CompressedBody, etagOf } from "./compressed-body.ts";

/** The pages-<id> folder the last build wrote for nginx, if there is one. */
export function findPagesFolder(dir: string): string | undefined {
  if (!fs.existsSync(dir)) return undefined;
  const folder = fs.readdirSync(dir).find((name) => /^pages-[0-9a-f]+$/.test(name));
  return folder ? path.join(dir, folder) : undefined;
}

/** The build's compressed copies of `identity`, when its file there holds the same bytes. */
export function readBuildCopy(file: string, identity: Buffer): CompressedBody | undefined {
  try {
    if (!fs.readFileSync(file).equals(identity)) return undefined;
    return { identity, br: fs.readFileSync(`${file}.br`), gzip: fs.readFileSync(`${file}.gz`), etag: etagOf(identity) };
  } catch {
    return undefined;
  }
}
