import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { incomingDir, removeStaleUploads } from "./incoming-uploads.ts";

it("removes uploads a killed process left behind, and leaves one being checked now", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-incoming-"));
  const dir = incomingDir(dataDir);
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, "left-behind"), "x");
  fs.writeFileSync(path.join(dir, "in-progress"), "y");
  const hourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
  fs.utimesSync(path.join(dir, "left-behind"), hourAgo, hourAgo);
  expect(await removeStaleUploads(dataDir, 60 * 60 * 1000)).toBe(1);
  expect(fs.readdirSync(dir)).toEqual(["in-progress"]);
  expect(await removeStaleUploads(path.join(dataDir, "none"), 0)).toBe(0);
  fs.rmSync(dataDir, { recursive: true, force: true });
});
