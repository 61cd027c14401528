import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { imageCache, pipelineFingerprint } from "./image-cache.ts";

let dir = "";
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
const tmp = () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "catalogue-cache-"));
  return dir;
};

describe("imageCache", () => {
  it("makes an image once and serves the same bytes from the cache afterwards", async () => {
    const cacheDir = path.join(tmp(), "cache");
    let calls = 0;
    const make = async () => {
      calls++;
      return Buffer.from("jpeg bytes");
    };
    const first = imageCache(cacheDir, "pipeline-a");
    expect(await first.get({ name: "a", width: 1800 }, undefined, make)).toEqual(Buffer.from("jpeg bytes"));
    const second = imageCache(cacheDir, "pipeline-a");
    expect(await second.get({ name: "a", width: 1800 }, undefined, make)).toEqual(Buffer.from("jpeg bytes"));
    expect(calls).toBe(1);
    expect(second.stats()).toEqual({ hits: 1, made: 0 });
  });

  it("makes the image again when the request, the pipeline or the original's bytes change", async () => {
    const root = tmp();
    const cacheDir = path.join(root, "cache");
    const original = path.join(root, "original.jpg");
    fs.writeFileSync(original, "first scan");
    let calls = 0;
    const make = async () => Buffer.from(`made ${++calls}`);
    await imageCache(cacheDir, "pipeline-a").get({ name: "a" }, original, make);
    await imageCache(cacheDir, "pipeline-a").get({ name: "a", width: 1200 }, original, make);
    await imageCache(cacheDir, "pipeline-b").get({ name: "a" }, original, make);
    fs.writeFileSync(original, "second scan");
    const changed = imageCache(cacheDir, "pipeline-a");
    expect(await changed.get({ name: "a" }, original, make)).toEqual(Buffer.from("made 4"));
    expect(calls).toBe(4);
  });

  it("fingerprints the pipeline by its code and registries, so an edited stand-in drawing changes it", () => {
    const root = tmp();
    fs.mkdirSync(path.join(root, "app", "images"), { recursive: true });
    fs.mkdirSync(path.join(root, "content", "images"), { recursive: true });
    fs.writeFileSync(path.join(root, "app", "images", "stand-in-svg.ts"), "export const hue = 1;");
    fs.writeFileSync(path.join(root, "content", "images", "solo-london.yaml"), "- name: feature");
    const before = pipelineFingerprint(root);
    fs.writeFileSync(path.join(root, "app", "images", "stand-in-svg.ts"), "export const hue = 2;");
    const afterCode = pipelineFingerprint(root);
    fs.writeFileSync(path.join(root, "app", "images", "stand-in-svg.test.ts"), "test");
    expect(pipelineFingerprint(root)).toBe(afterCode);
    expect(afterCode).not.toBe(before);
  });
});
