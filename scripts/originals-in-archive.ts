import fs from "node:fs";
import path from "node:path";

/**
 * Uploaded originals ride in the database's archive (decision 041): PGlite's dumpDataDir archives
 * every file of its folder, so db:backup hard-links DATA_DIR/originals into it under this name
 * for the dump (no copy: a stored original never changes), and db:restore moves them back out.
 */
export const ORIGINALS_IN_ARCHIVE = "umbra-originals";

/** Links every original of `originals` into `pgdata`; returns how many, and a function to take them out again. */
export function linkOriginalsInto(originals: string, pgdata: string): { count: number; remove: () => void } {
  const target = path.join(pgdata, ORIGINALS_IN_ARCHIVE);
  let count = 0;
  const remove = () => fs.rmSync(target, { recursive: true, force: true });
  if (!fs.existsSync(originals)) return { count, remove };
  remove();
  for (const shard of fs.readdirSync(originals, { withFileTypes: true })) {
    if (!shard.isDirectory() || !/^[0-9a-f]{2}$/.test(shard.name)) continue;
    fs.mkdirSync(path.join(target, shard.name), { recursive: true, mode: 0o700 });
    for (const file of fs.readdirSync(path.join(originals, shard.name))) {
      // Only finished originals (a temporary one starts with a dot).
      if (!/^[0-9a-f]{64}$/.test(file)) continue;
      fs.linkSync(path.join(originals, shard.name, file), path.join(target, shard.name, file));
      count++;
    }
  }
  return { count, remove };
}

/** Moves the originals a restored archive brought into `originals` (kept ones stay), owner-only; returns how many. */
export function moveOriginalsOut(pgdata: string, originals: string): number {
  const source = path.join(pgdata, ORIGINALS_IN_ARCHIVE);
  if (!fs.existsSync(source)) return 0;
  let count = 0;
  fs.mkdirSync(originals, { recursive: true, mode: 0o700 });
  for (const shard of fs.readdirSync(source)) {
    const into = path.join(originals, shard);
    fs.mkdirSync(into, { recursive: true, mode: 0o700 });
    for (const file of fs.readdirSync(path.join(source, shard))) {
      const destination = path.join(into, file);
      if (!fs.existsSync(destination)) fs.renameSync(path.join(source, shard, file), destination);
      fs.chmodSync(destination, 0o600);
      count++;
    }
  }
  fs.rmSync(source, { recursive: true, force: true });
  return count;
}
