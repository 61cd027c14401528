import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * A build cache for the catalogue's JPEGs (node_modules/.cache/catalogue-pdf), keyed by a hash
 * of everything that decides the pixels: the request, the original's bytes when there is one,
 * and the image pipeline's own code and registries (app/images, content/images),
 * so a changed stand-in drawing or a new original is never served from a stale copy.
 */
export const CACHE_DIR = path.resolve("node_modules", ".cache", "catalogue-pdf");
const PIPELINE_SOURCES = ["app/images", "content/images"];

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|yaml)$/.test(entry.name) && !entry.name.includes(".test."))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** A hash of the pipeline's code and image registries. */
export function pipelineFingerprint(root = process.cwd()): string {
  const hash = createHash("sha256");
  for (const source of PIPELINE_SOURCES)
    for (const file of filesUnder(path.join(root, source))) {
      hash.update(path.relative(root, file));
      hash.update(fs.readFileSync(file));
    }
  return hash.digest("hex");
}

export interface ImageCache {
  get(key: object, originalFile: string | undefined, make: () => Promise<Buffer>): Promise<Buffer>;
  /** Served from the cache / made, this run. */
  stats(): { hits: number; made: number };
}

export function imageCache(dir = CACHE_DIR, fingerprint = pipelineFingerprint()): ImageCache {
  let hits = 0;
  let made = 0;
  // An original is hashed once per build (a cache lives for one run), not once per derivative.
  const fileHashes = new Map<string, string>();
  const fileHash = (file: string) => {
    const hash = fileHashes.get(file) ?? createHash("sha256").update(fs.readFileSync(file)).digest("hex");
    fileHashes.set(file, hash);
    return hash;
  };
  return {
    async get(key, originalFile, make) {
      const id = createHash("sha256")
        .update(JSON.stringify({ key, original: originalFile ? fileHash(originalFile) : null, fingerprint }))
        .digest("hex");
      const file = path.join(dir, `${id}.jpg`);
      if (fs.existsSync(file)) {
        hits++;
        return fs.readFileSync(file);
      }
      const bytes = await make();
      fs.mkdirSync(dir, { recursive: true });
      // Write then rename, so a build stopped halfway never leaves a truncated JPEG behind.
      fs.writeFileSync(`${file}.tmp`, bytes);
      fs.renameSync(`${file}.tmp`, file);
      made++;
      return bytes;
    },
    stats: () => ({ hits, made }),
  };
}
