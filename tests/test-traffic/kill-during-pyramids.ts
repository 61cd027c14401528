import fs from "node:fs";
import path from "node:path";
import { type CaseResult, checker, type TrafficCase } from "./case.ts";
import { folderMb, startServer } from "./server.ts";
import { sleep, visit } from "./visitors.ts";
import { descriptorOf, workSlugs } from "./zoom-burst.ts";

const CRASHES = 3;

/**
 * Folders a pyramid build leaves while it works: `zoom/<slug>.<version>.tmp-<pid>-<hex>/`; with
 * `except`, not those of that (running) process, whose own builds may be under way.
 */
function temporaryFolders(dataDir: string, except?: number): string[] {
  const zoom = path.join(dataDir, "image-cache/zoom");
  if (!fs.existsSync(zoom)) return [];
  return fs
    .readdirSync(zoom)
    .filter((name) => name.includes(".tmp-") && (except === undefined || !name.includes(`.tmp-${except}-`)));
}

/** A leftover folder, with what tells why it is there: its owner's state and when it last changed. */
function describeLeftover(dataDir: string, name: string, restartedAt: number): string {
  const pid = Number(/\.tmp-(\d+)-/.exec(name)?.[1]);
  const changed = fs.statSync(path.join(dataDir, "image-cache/zoom", name), { throwIfNoEntry: false })?.mtimeMs;
  let owner = "gone";
  try {
    owner = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").pop()?.[0] ?? "?";
  } catch {}
  const since = changed === undefined ? "?" : `${((changed - restartedAt) / 1000).toFixed(1)} s`;
  return `${name} (owner ${owner}, changed at restart ${since})`;
}

/**
 * A deep-zoom request as the zoom page makes it: a 503 (the pyramid is being built, or the lane
 * is full) says when to ask again, and the page does, for up to 90 s.
 */
async function zoomAsTheViewerDoes(base: string, descriptor: string): Promise<{ status: number; asked: number }> {
  const until = Date.now() + 90_000;
  for (let asked = 1; ; asked++) {
    const answer = await visit(base, descriptor, { timeoutMs: 30_000 });
    if (answer.status !== 503 || Date.now() > until) return { status: answer.status, asked };
    await sleep(Math.min(10, Number(answer.retryAfter) || 5) * 1000);
  }
}

/**
 * Case 7 of issue 26 (its crash half): `kill -9` while pyramids are being built, three times,
 * restarting on the same data folder each time. After a start no `*.tmp-*` folder may be
 * left, and the zoom must still answer.
 */
export const killDuringPyramids: TrafficCase = {
  name: `7 kill -9 during pyramid builds (${CRASHES} times), restart`,
  async run(port): Promise<CaseResult> {
    const { check, failures } = checker();
    const notes: string[] = [];
    let server = await startServer({ port });
    const dataDir = server.dataDir;
    const diskBefore = folderMb(dataDir);
    const rssBefore = server.rssMb();
    let peak = rssBefore;
    const slugs = workSlugs().slice(40);
    try {
      let leftByCrashes = 0;
      for (let crash = 0; crash < CRASHES; crash++) {
        const descriptors: string[] = [];
        for (const slug of slugs.slice(crash * 6, crash * 6 + 6)) {
          const url = await descriptorOf(server.url, slug);
          if (url) descriptors.push(url);
        }
        for (const d of descriptors) void visit(server.url, d, { timeoutMs: 60_000 });
        // Crash once a build has begun (its temporary folder exists), or after 5 s regardless.
        const began = Date.now();
        while (temporaryFolders(dataDir).length === 0 && Date.now() - began < 5_000) await sleep(50);
        peak = Math.max(peak, server.rssMb());
        leftByCrashes = temporaryFolders(dataDir).length;
        await server.crash();
        server = await startServer({ port, dataDir });
        // Removed at start, in the background: give the clean-up up to 10 s on a busy machine.
        const restarted = Date.now();
        let left = temporaryFolders(dataDir, server.child.pid);
        while (left.length > 0 && Date.now() - restarted < 10_000) {
          await sleep(250);
          left = temporaryFolders(dataDir, server.child.pid);
        }
        notes.push(
          `crash ${crash + 1}: ${leftByCrashes} temporary folders at the kill, ${left.length} ${((Date.now() - restarted) / 1000).toFixed(1)} s after the restart`,
        );
        check(
          left.length === 0,
          `after crash ${crash + 1} and a restart, ${left.length} *.tmp-* folders were left (${left.map((name) => describeLeftover(dataDir, name, restarted)).join(", ")}; the server is ${server.child.pid}; ${server
            .output()
            .split("\n")
            .filter((l) => /temporary|tiling|pyramid/i.test(l))
            .join(" | ")
            .slice(0, 600)})`,
        );
        const zoom = descriptors[0] ? await zoomAsTheViewerDoes(server.url, descriptors[0]) : undefined;
        check(
          zoom?.status === 200,
          `after crash ${crash + 1} the zoom answered ${zoom?.status ?? "nothing"} (asked ${zoom?.asked ?? 0} times)`,
        );
      }
      const rssAfter = server.rssMb();
      return {
        attack: this.name,
        visitors: "-",
        rssMb: { before: rssBefore, peak, after: rssAfter },
        diskMb: { before: diskBefore, after: folderMb(dataDir) },
        stopSeconds: await server.stop(),
        failures,
        notes,
      };
    } finally {
      await server.stop();
    }
  },
};
