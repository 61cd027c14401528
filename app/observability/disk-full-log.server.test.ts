import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { diskSpaceRecovered, noteDiskFull, recentDiskFull } from "./disk-full-log.server.ts";

function capture() {
  const lines: Array<{ level: number; msg: string; path?: string; code?: string }> = [];
  const logger = pino(
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    }),
  );
  return { logger, lines };
}

const enospc = (path?: string) =>
  Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC", ...(path ? { path } : {}) });

describe("noteDiskFull", () => {
  it("logs a full disk once with its path, however many writes fail, until space is found again", () => {
    const { logger, lines } = capture();
    for (let i = 0; i < 50; i++) noteDiskFull(enospc("/srv/data/outbox/a.eml"), undefined, logger);
    noteDiskFull(enospc(), "/srv/data", logger);
    expect(lines).toEqual([
      expect.objectContaining({ level: 50, path: "/srv/data/outbox/a.eml", code: "ENOSPC" }),
      expect.objectContaining({ level: 50, path: "/srv/data", code: "ENOSPC" }),
    ]);
    expect(lines[0]?.msg).toMatch(/^disk full/);
    expect(recentDiskFull()).toMatchObject({ path: "/srv/data" });

    diskSpaceRecovered();
    expect(recentDiskFull()).toBeUndefined();
    noteDiskFull(enospc(), "/srv/data", logger);
    expect(lines).toHaveLength(3);
  });

  it("forgets a failure after a minute", () => {
    const { logger } = capture();
    noteDiskFull(enospc(), "/srv/data", logger);
    expect(recentDiskFull(Date.now() + 59_000)).toBeDefined();
    expect(recentDiskFull(Date.now() + 61_000)).toBeUndefined();
  });
});
