import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

/** Pids of processes whose command line names `text` (the tiling child's output path). */
function processesNaming(text: string): number[] {
  return fs.readdirSync("/proc").flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      return fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(text) ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
}

describe("the tiling child", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) {
      for (const pid of processesNaming(dir)) process.kill(pid, "SIGKILL");
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("stops, writing nothing, when its server was killed before it had started", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-pyramid-child-"));
    dirs.push(dir);
    const output = path.join(dir, "image.dz");
    // A server that asks for a pyramid and is killed (-9) at once, before the child is running.
    const server = `
      import { tileInChild } from ${JSON.stringify(path.resolve("app/images/pyramid-child.ts"))};
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="6000" height="6000"><rect width="6000" height="6000" fill="#345"/></svg>';
      tileInChild({ input: { svg }, output: ${JSON.stringify(output)}, format: "jpeg", quality: 82, size: 254, overlap: 1 }).catch(() => {});
      process.kill(process.pid, "SIGKILL");
    `;
    const parent = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", server], {
      stdio: "ignore",
    });
    await new Promise((resolve) => parent.once("exit", resolve));
    // Long enough for an orphan to load sharp and start writing tiles.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(processesNaming(dir)).toEqual([]);
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
