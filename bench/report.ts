import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Measurement } from "./budgets.ts";
import { repoRoot } from "./server-process.ts";

const show = (m: Measurement) => (m.value === null ? "n/a" : `${m.value}${m.unit ? ` ${m.unit}` : ""}`);
const verdict = (m: Measurement) => (m.budget === "-" ? "" : m.pass ? "pass" : "FAIL");

export function printTable(rows: Measurement[]) {
  const cells = rows.map((m) => [m.name, show(m), m.budget, verdict(m), m.note ?? ""]);
  const header = ["Measure", "Figure", "Budget", "Result", "Note"];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((v, i) => v.padEnd(widths[i]!)).join("  ");
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const c of cells) console.log(line(c));
}

export function markdownTable(rows: Measurement[]): string {
  const escapeCell = (s: string) => s.replaceAll("|", "\\|");
  return [
    "| Measure | Figure | Budget | Result | Note |",
    "| --- | --- | --- | --- | --- |",
    ...rows.map(
      (m) =>
        `| ${escapeCell(m.name)} | ${show(m)} | ${escapeCell(m.budget)} | ${verdict(m)} | ${escapeCell(m.note ?? "")} |`,
    ),
  ].join("\n");
}

/** Writes bench-results/<time>-<commit>.json, latest.json and report.md; returns the folder. */
export function writeResults(rows: Measurement[], seconds: number): string {
  const dir = path.join(repoRoot, "bench-results");
  fs.mkdirSync(dir, { recursive: true });
  let commit = "unknown";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: repoRoot }).toString().trim();
  } catch {
    // not a git checkout
  }
  const when = new Date().toISOString();
  const payload = { commit, when, node: process.version, cpus: navigatorCpus(), seconds, rows };
  const json = JSON.stringify(payload, null, 2);
  fs.writeFileSync(path.join(dir, `${when.replaceAll(":", "-").slice(0, 19)}-${commit}.json`), json);
  fs.writeFileSync(path.join(dir, "latest.json"), json);
  const failures = rows.filter((r) => !r.pass);
  const md = [
    `# Benchmark report`,
    "",
    `Commit ${commit}, ${when}, Node ${process.version}, ${navigatorCpus()} cores. Took ${Math.round(seconds)} s.`,
    "",
    failures.length
      ? `${failures.length} budget(s) missed: ${failures.map((f) => f.name).join("; ")}.`
      : "Every budget met.",
    "",
    markdownTable(rows),
    "",
  ].join("\n");
  fs.writeFileSync(path.join(dir, "report.md"), md);
  return dir;
}

function navigatorCpus(): number {
  return (globalThis.navigator as { hardwareConcurrency?: number } | undefined)?.hardwareConcurrency ?? 0;
}
