import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { deepZoomRoute } from "./deep-zoom-route.ts";
import { PRUNE_GRACE_MS, pruneSuperseded, removeTemporaryFiles } from "./image-cache-upkeep.ts";
import { imageRoute } from "./image-route.ts";

/** A pid no process has any more. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "0"]);
  return child.pid ?? 999_999;
}

async function writeOriginal(content: string, colour: string) {
  fs.mkdirSync(path.join(content, "works"), { recursive: true });
  fs.writeFileSync(path.join(content, "works", "real-one.md"), "---\ntitle: Real One\n---\n");
  await sharp({ create: { width: 700, height: 500, channels: 3, background: colour } })
    .jpeg()
    .toFile(path.join(content, "works", "real-one.jpg"));
}

/** The site's two routes as a process starting on `content` makes them. */
function routes(cacheDir: string, contentDir: string) {
  const images = imageRoute({ cacheDir, contentDir, isKnownArtwork: () => true });
  const zoom = deepZoomRoute({ cacheDir, contentDir, isKnownWork: (slug) => slug === "real-one" });
  return { images, zoom, references: { isCurrentFile: images.isCurrentFile, isCurrentPyramid: zoom.isCurrentPyramid } };
}

async function deriveAll(site: ReturnType<typeof routes>) {
  for (const file of ["real-one.jpg", "real-one.avif"]) {
    const target = site.images.targetOf("artworks-400", file);
    if (!target || target === "unmatched") throw new Error("not a target");
    await site.images.ensureDerived(target, "request");
  }
  await site.zoom.ensurePyramid("real-one", "request");
}

const listing = (cacheDir: string) =>
  [...fs.readdirSync(path.join(cacheDir, "artworks-400")), ...fs.readdirSync(path.join(cacheDir, "zoom"))].sort();

describe("image cache upkeep", () => {
  it("removes temporary files and folders of processes that are gone, and nothing else", async () => {
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-upkeep-"));
    const gone = deadPid();
    const crashedBuild = path.join(cacheDir, "zoom", `real-one.0123456789.tmp-${gone}-1a2b3c4d`);
    fs.mkdirSync(path.join(crashedBuild, "image_files", "0"), { recursive: true });
    fs.writeFileSync(path.join(crashedBuild, "image_files", "0", "0_0.jpeg"), "half a tile");
    fs.mkdirSync(path.join(cacheDir, "zoom", "real-one.0123456789"));
    fs.mkdirSync(path.join(cacheDir, "artworks-400"));
    const crashedWrite = `real-one.standin1.jpg.${gone}.1764000000000.tmp`;
    const ownWrite = `other-one.standin1.jpg.${process.pid}.1a2b3c4d.tmp`;
    for (const file of [crashedWrite, ownWrite, "real-one.standin1.jpg"]) {
      fs.writeFileSync(path.join(cacheDir, "artworks-400", file), "x");
    }

    const removed = await removeTemporaryFiles(cacheDir);

    expect(removed.sort()).toEqual([`artworks-400/${crashedWrite}`, `zoom/real-one.0123456789.tmp-${gone}-1a2b3c4d`]);
    expect(listing(cacheDir)).toEqual([ownWrite, "real-one.0123456789", "real-one.standin1.jpg"].sort());
  });

  it("prunes a replaced original's derivatives and pyramids only after the grace period", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-upkeep-"));
    const cacheDir = path.join(dir, "image-cache");
    const content = path.join(dir, "content");
    await writeOriginal(content, "#aa3333");
    await deriveAll(routes(cacheDir, content));
    const first = listing(cacheDir);
    expect(first).toHaveLength(3);

    // The original is replaced three times; each start derives the new version's files.
    let site = routes(cacheDir, content);
    for (const colour of ["#33aa33", "#3333aa", "#aaaa33"]) {
      await writeOriginal(content, colour);
      site = routes(cacheDir, content);
      await deriveAll(site);
    }
    expect(listing(cacheDir)).toHaveLength(12);
    const current = listing(cacheDir).filter(
      (name) => site.images.isCurrentFile(`artworks-400/${name}`) || site.zoom.isCurrentPyramid(name),
    );
    expect(current).toHaveLength(3);

    // Seen unreferenced now: kept for the grace period, so a page opened before still works.
    const start = Date.now();
    const seen = await pruneSuperseded({ cacheDir, references: site.references, now: start });
    expect([seen.pruned, seen.waiting]).toEqual([[], 9]);
    const later = await pruneSuperseded({ cacheDir, references: site.references, now: start + PRUNE_GRACE_MS - 1 });
    expect(later.pruned).toEqual([]);
    expect(listing(cacheDir)).toHaveLength(12);

    // Past the grace period (the ledger survives a restart: a new pass reads it from disk).
    const after = await pruneSuperseded({ cacheDir, references: site.references, now: start + PRUNE_GRACE_MS });
    expect(after.pruned).toHaveLength(9);
    expect(after.bytes).toBeGreaterThan(0);
    expect(after.waiting).toBe(0);
    expect(listing(cacheDir)).toEqual(current);
    expect(fs.existsSync(path.join(cacheDir, ".superseded.json"))).toBe(false);
  });

  it("starts the grace period again for an entry that became current and then unreferenced", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-upkeep-"));
    const cacheDir = path.join(dir, "image-cache");
    fs.mkdirSync(path.join(cacheDir, "artworks-400"), { recursive: true });
    fs.writeFileSync(path.join(cacheDir, "artworks-400", "a.old1.jpg"), "x");
    let current = false;
    const references = { isCurrentFile: () => current, isCurrentPyramid: () => false };
    await pruneSuperseded({ cacheDir, references, now: 0 });
    current = true;
    await pruneSuperseded({ cacheDir, references, now: PRUNE_GRACE_MS / 2 });
    current = false;
    const result = await pruneSuperseded({ cacheDir, references, now: PRUNE_GRACE_MS + 1 });
    expect([result.pruned, result.waiting]).toEqual([[], 1]);
  });
});
