// `npm run test:traffic`: the traffic-shaped attacks of issues 26 and 42 against the production build
// (`npm run build` first), each on a fresh server and data folder. Prints a table (attack,
// visitors served, RSS before/peak/after, disk before/after, SIGTERM to exit, result) and
// exits 1 when any case broke what must hold.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { parseArgs } from "node:util";
import type { CaseResult, TrafficCase } from "./case.ts";
import { coldBurst } from "./cold-burst.ts";
import { idleConnections } from "./idle-connections.ts";
import { killDuringPyramids } from "./kill-during-pyramids.ts";
import { pipelinedFlood } from "./pipelined-flood.ts";
import { chooseAppDir, root, withOwnDataDirs } from "./server.ts";
import { trickledBodies } from "./trickled-bodies.ts";
import { zoomBurst } from "./zoom-burst.ts";

const cases: TrafficCase[] = [
  pipelinedFlood,
  idleConnections,
  trickledBodies,
  zoomBurst,
  coldBurst,
  killDuringPyramids,
];
// These two spend most of their time waiting out the server's own timeouts (silent connections
// closed within 20 s, a trickled body within 20 s) and little of it on the CPU: they run one after
// the other beside the rest, each on its own server and ports, which saves about half a minute
// of every CI run (issue 38). Their budgets (answers within 5 s, closed within 20-25 s) leave
// room for a busy machine.
const besideTheRest = new Set<TrafficCase>([idleConnections, trickledBodies]);

const usage = `Usage: npm run test:traffic [-- --only 1,3] [--port N] [--app-dir DIR]

Runs the traffic attacks of issues 26 and 42 against the production build, each on a fresh server:
${cases.map((c) => `  ${c.name}`).join("\n")}
--only       the cases to run, by number (default: all)
--port       the first of the ports to use (default: free ones)
--app-dir    another checkout whose build to attack (to compare before and after)`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function table(results: CaseResult[]): string {
  const rows = [
    ["attack", "visitors served", "RSS MB before/peak/after", "disk MB before/after", "SIGTERM", "result"],
    ...results.map((r) => [
      r.attack,
      r.visitors,
      `${r.rssMb.before} / ${r.rssMb.peak} / ${r.rssMb.after}`,
      `${r.diskMb.before} / ${r.diskMb.after}`,
      r.stopSeconds === undefined ? "-" : `${r.stopSeconds.toFixed(1)} s`,
      r.failures.length ? "FAIL" : "pass",
    ]),
  ];
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => row[i]?.length ?? 0))) ?? [];
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  const rule = `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`;
  return [line(rows[0] ?? []), rule, ...rows.slice(1).map(line)].join("\n");
}

async function main() {
  const { values } = parseArgs({
    options: {
      only: { type: "string" },
      port: { type: "string" },
      "app-dir": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return console.log(usage);
  const appDir = path.resolve(values["app-dir"] ?? root);
  chooseAppDir(appDir);
  if (!fs.existsSync(path.join(appDir, "build/server/main.js"))) {
    console.error(`No build in ${appDir}: run npm run build first.`);
    process.exit(1);
  }
  const wanted = values.only?.split(",").map((n) => n.trim());
  const chosen = wanted ? cases.filter((c) => wanted.includes(c.name.split(" ")[0] ?? "")) : cases;
  const began = Date.now();
  // Each case takes up to 5 ports from its first (case.ts): blocks of 5, so cases running side
  // by side never share one.
  let nextPort = values.port ? Number(values.port) : await freePort();
  const runCase = async (trafficCase: TrafficCase): Promise<CaseResult> => {
    const port = nextPort;
    nextPort += 5;
    const result = await withOwnDataDirs(() => trafficCase.run(port)).catch(
      (error: Error): CaseResult => ({
        attack: trafficCase.name,
        visitors: "-",
        rssMb: { before: 0, peak: 0, after: 0 },
        diskMb: { before: 0, after: 0 },
        failures: [`the case could not run: ${error.message.split("\n")[0]}`],
        notes: [],
      }),
    );
    // Printed whole when the case ends, so two running side by side do not interleave.
    console.log([`${trafficCase.name} ...`, ...result.notes.map((note) => `  ${note}`)].join("\n"));
    for (const failure of result.failures) console.log(`  FAILED: ${failure}`);
    return result;
  };
  const inTurn = async (lane: TrafficCase[]) => {
    const done = new Map<TrafficCase, CaseResult>();
    for (const trafficCase of lane) done.set(trafficCase, await runCase(trafficCase));
    return done;
  };
  const lanes = await Promise.all([
    inTurn(chosen.filter((c) => !besideTheRest.has(c))),
    inTurn(chosen.filter((c) => besideTheRest.has(c))),
  ]);
  const results = chosen.map((c) => (lanes[0].get(c) ?? lanes[1].get(c)) as CaseResult);
  console.log(`\n${table(results)}\n`);
  const failed = results.filter((r) => r.failures.length);
  console.log(
    `${results.length - failed.length} of ${results.length} attacks held in ${Math.round((Date.now() - began) / 1000)} s.`,
  );
  if (failed.length) process.exit(1);
}

await main();
