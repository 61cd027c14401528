import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { type CaseResult, checker, type TrafficCase, watchedRow } from "./case.ts";
import { folderMb, root, startServer, type TrafficServer, watchMemory } from "./server.ts";
import { sleep, type Visit, visitFromOutside } from "./visitors.ts";

const BURST = 1_000;
/** The issue's bound for another visitor while the burst is answered. */
const VISITOR_LIMIT_MS = 1_000;
/** Another visitor asks this often while the burst lasts (the first one asks with the burst). */
const VISITOR_EVERY_MS = 250;
const BURST_PATIENCE_MS = 60_000;

/**
 * Row 6 of issue 42: a change published (content:import, with the server stopped as the
 * embedded database needs), the server started again, then 1,000 simultaneous `GET /about`,
 * a page no one has asked for since, while another visitor opens `/cv` (cold too) and then
 * `/` and `/cv` in turn (timed by curl, outside this process and its thousand sockets). Each of
 * the other visitor's answers must come within 1 s; the burst's must all be 200. The server's CPU seconds during the burst are noted: one render of the page,
 * not one per request.
 */
export const coldBurst: TrafficCase = {
  name: `6 cold burst after publish and restart (${BURST.toLocaleString("en")} GET /about)`,
  async run(port): Promise<CaseResult> {
    let server: TrafficServer = await startServer({ port, warmImages: false });
    const { check, failures } = checker();
    const notes: string[] = [];
    try {
      await server.stop();
      const report = await publishEditedAbout(server.dataDir);
      check(report.includes("changed  pages/about.yaml"), `the edited About page was not published: ${report}`);
      // A start on the published content: no page of it is in memory (startServer asked for `/` only).
      server = await startServer({ port, dataDir: server.dataDir, warmImages: false });
      // What a cold page costs alone on this machine now, to read the figures below against.
      const alone = await visitFromOutside(server.url, "/contact");
      notes.push(`a cold page alone (/contact): ${alone.status || alone.error} in ${alone.ms} ms`);
      const rssBefore = server.rssMb();
      const diskBefore = folderMb(server.dataDir);
      const memory = watchMemory(server);
      const cpuBefore = cpuSecondsOf(server.child.pid);

      const sockets = await Promise.all(Array.from({ length: BURST }, () => connect(port)));
      const began = Date.now();
      const burst = Promise.all(sockets.map((socket) => ask(socket, port, "/about")));
      const visits: Visit[] = [];
      let settled = false;
      const visitor = (async () => {
        for (let i = 0; ; i++) {
          visits.push(await visitFromOutside(server.url, i % 2 === 0 ? "/cv" : "/", { timeoutMs: 15_000 }));
          if (settled) return;
          await sleep(VISITOR_EVERY_MS);
        }
      })();
      const statuses = await burst;
      const burstMs = Date.now() - began;
      settled = true;
      await visitor;
      const cpuSeconds = cpuSecondsOf(server.child.pid) - cpuBefore;
      memory.stop();
      const rssAfter = server.rssMb();

      const ok = statuses.filter((status) => status === 200).length;
      const others = countOf(statuses.filter((status) => status !== 200));
      notes.push(
        `burst: ${ok}/${BURST} answered 200 in ${burstMs} ms${others ? ` (others: ${others})` : ""}; server CPU ${cpuSeconds.toFixed(1)} s`,
      );
      notes.push(`other visitor: ${visits.map((v) => `${v.path} ${v.status || v.error} ${v.ms} ms`).join(", ")}`);
      const answered = visits.filter((v) => v.status > 0 && v.status < 500);
      const slowest = Math.max(0, ...visits.map((v) => v.ms));
      check(ok === BURST, `only ${ok} of the ${BURST} GET /about were answered 200 (${others})`);
      check(answered.length === visits.length, `the other visitor got no answer or a 5xx`);
      check(
        slowest <= VISITOR_LIMIT_MS,
        `the other visitor waited ${slowest} ms during the burst (at most ${VISITOR_LIMIT_MS})`,
      );
      return watchedRow(
        this.name,
        server,
        {
          seen: { served: answered.length, total: visits.length, slowest },
          rssMb: { before: rssBefore, peak: memory.peak(), after: rssAfter },
          diskBeforeMb: diskBefore,
        },
        { failures, notes },
      );
    } finally {
      await server.stop();
    }
  },
};

/** The content folder with the About heading edited, published to the stopped server's database. */
async function publishEditedAbout(dataDir: string): Promise<string> {
  const files = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-traffic-content-"));
  try {
    fs.cpSync(path.join(root, "content"), files, { recursive: true });
    const about = path.join(files, "pages/about.yaml");
    fs.writeFileSync(about, fs.readFileSync(about, "utf8").replace(/^heading: .*$/m, "heading: About Umbra, edited"));
    const { DATABASE_URL: _unused, ...inherited } = process.env;
    const run = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "scripts/content-import.ts", "--from", files],
      { cwd: root, env: { ...inherited, DATA_DIR: dataDir }, encoding: "utf8", timeout: 120_000 },
    );
    return run.stdout;
  } finally {
    fs.rmSync(files, { recursive: true, force: true });
  }
}

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => resolve(socket));
    socket.once("error", reject);
  });
}

/** Writes one request on an open connection; resolves with the answer's status (0: none). */
function ask(socket: net.Socket, port: number, pathname: string): Promise<number> {
  return new Promise((resolve) => {
    let head = "";
    const done = () => {
      socket.destroy();
      resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0));
    };
    socket.on("data", (chunk: Buffer) => {
      if (head.length < 64) head += chunk.toString("latin1", 0, 64);
    });
    socket.on("close", done);
    socket.on("error", () => {});
    socket.setTimeout(BURST_PATIENCE_MS, done);
    socket.write(
      `GET ${pathname} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept-Encoding: gzip, br\r\nConnection: close\r\n\r\n`,
    );
  });
}

/** The process's user and system CPU seconds so far, from /proc (0 where there is none). */
function cpuSecondsOf(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command's name.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

function countOf(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${n} x ${status || "no answer"}`).join(", ");
}
