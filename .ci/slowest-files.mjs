// Prints the slowest test files of a run from the duration reports the suites write:
// Vitest's and Playwright's JSON reports, and {name, seconds} files for whole scripts.
// Usage: node .ci/slowest-files.mjs <folder> [count]
import fs from "node:fs";
import path from "node:path";

const folder = process.argv[2] ?? "test-durations";
const count = Number(process.argv[3] ?? 10);
const root = process.cwd();
const seconds = new Map();
const add = (name, s) => seconds.set(name, (seconds.get(name) ?? 0) + s);

function read(file) {
  try {
    return JSON.parse(fs.readFileSync(path.join(folder, file), "utf8"));
  } catch {
    return undefined;
  }
}

const vitest = read("vitest.json");
for (const file of vitest?.testResults ?? []) {
  add(`vitest  ${path.relative(root, file.name)}`, (file.endTime - file.startTime) / 1000);
}

// Playwright: a file's time is the sum of its tests' attempts over every project.
const playwright = read("playwright.json");
const walk = (suite) => {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      for (const result of test.results ?? []) add(`browser ${path.join("tests", spec.file)}`, result.duration / 1000);
    }
  }
  for (const child of suite.suites ?? []) walk(child);
};
for (const suite of playwright?.suites ?? []) walk(suite);

for (const file of fs.existsSync(folder) ? fs.readdirSync(folder) : []) {
  if (file === "vitest.json" || file === "playwright.json" || !file.endsWith(".json")) continue;
  const whole = read(file);
  if (whole && typeof whole.seconds === "number") add(`script  ${whole.name}`, whole.seconds);
}

if (seconds.size === 0) {
  console.log(`No duration reports in ${folder}/.`);
} else {
  const slowest = [...seconds].sort((a, b) => b[1] - a[1]).slice(0, count);
  console.log(`\nThe ${slowest.length} slowest test files (seconds, summed over their tests and projects):`);
  for (const [name, s] of slowest) console.log(`${s.toFixed(1).padStart(8)}  ${name}`);
}
