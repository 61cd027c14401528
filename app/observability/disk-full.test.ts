import { describe, expect, it } from "vitest";
import { diskFullLine, diskFullPath, diskFullReason, isDiskFull } from "./disk-full.ts";

const nodeError = (code: string, message: string, path?: string) =>
  Object.assign(new Error(message), { code, ...(path ? { path } : {}) });

describe("isDiskFull", () => {
  it.each([
    ["ENOSPC from node:fs", nodeError("ENOSPC", "ENOSPC: no space left on device, write")],
    ["EDQUOT (a quota)", nodeError("EDQUOT", "EDQUOT: disk quota exceeded, write")],
    [
      "PGlite's disk_full, wrapped by drizzle",
      new Error('Failed query: insert into "quotes"', {
        cause: nodeError("53100", 'could not extend file "base/5/16398": No space left on device'),
      }),
    ],
    ["a message only", new Error("could not write to file: No space left on device")],
  ])("is true for %s", (_name, error) => {
    expect(isDiskFull(error)).toBe(true);
  });

  it.each([
    ["a missing file", nodeError("ENOENT", "ENOENT: no such file or directory", "/x")],
    ["a permission problem", nodeError("EACCES", "EACCES: permission denied", "/x")],
    ["a refused database connection", nodeError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")],
  ])("is false for %s", (_name, error) => {
    expect(isDiskFull(error)).toBe(false);
  });
});

describe("diskFullLine", () => {
  it("names the file the error names, the code and what to do, on one line", () => {
    const line = diskFullLine(nodeError("ENOSPC", "ENOSPC: no space left on device, open", "/srv/a.tar.gz"), "/srv");
    expect(line).toContain("/srv/a.tar.gz");
    expect(line).toContain("ENOSPC");
    expect(line).toMatch(/Free space/);
    expect(line).not.toContain("\n");
  });

  it("names the folder it was given when the error names no file (a write to an open descriptor)", () => {
    const error = nodeError("ENOSPC", "ENOSPC: no space left on device, write");
    expect(diskFullPath(error)).toBeUndefined();
    expect(diskFullLine(error, "/srv/umbra/data")).toContain("/srv/umbra/data");
  });
});

describe("diskFullReason", () => {
  it("gives the database's own words, not the wrapper's (which quotes the query's parameters)", () => {
    const error = new Error("Failed query: update quotes ... params: secret", {
      cause: nodeError("53100", 'could not extend file "base/5/16398": No space left on device'),
    });
    expect(diskFullReason(error)).toBe('could not extend file "base/5/16398": No space left on device');
  });
});
