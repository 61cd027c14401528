import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { deepZoomRoute } from "./deep-zoom-route.ts";
import { warmZoomPyramids } from "./warm-pyramids.ts";

describe("warmZoomPyramids", () => {
  it("builds the missing pyramids ahead of visitors, real originals first, and skips built ones", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-warm-zoom-"));
    const content = path.join(dir, "content");
    fs.mkdirSync(path.join(content, "works"), { recursive: true });
    for (const slug of ["first-one", "second-one"]) {
      fs.writeFileSync(path.join(content, "works", `${slug}.md`), "---\ntitle: A work\n---\n");
      await sharp({ create: { width: 900, height: 600, channels: 3, background: "#884422" } })
        .jpeg()
        .toFile(path.join(content, "works", `${slug}.jpg`));
    }
    const zoom = deepZoomRoute({ cacheDir: path.join(dir, "cache"), contentDir: content, isKnownWork: () => true });
    const lines: string[] = [];
    const logger = { info: (_: object, message: string) => lines.push(message), warn: () => {} };
    const works = ["first-one", "second-one"];

    const result = await warmZoomPyramids({ zoom, works, logger, sampleMs: 5 });

    expect(result).toMatchObject({ built: 2, total: 2 });
    expect(works.every(zoom.hasPyramid)).toBe(true);
    expect(lines).toEqual(["building zoom pyramids", "zoom pyramids built"]);
    expect(await warmZoomPyramids({ zoom, works, logger, sampleMs: 5 })).toMatchObject({ built: 0, total: 0 });
    expect(zoom.buildsStarted()).toBe(2);
  });
});
