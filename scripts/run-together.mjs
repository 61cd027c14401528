// `node scripts/run-together.mjs typecheck lint build`: runs npm scripts at the same time and
// fails when any of them fails. `npm test` starts with the type check, lint and build this way:
// tsc and the build are each mostly one core's work, so on a 2-core machine they take about
// the time of the longer one instead of the sum (issue 38). Each script's output is printed
// whole when it ends, so the log reads as if they had run one after another.
import { spawn } from "node:child_process";

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error("Usage: node scripts/run-together.mjs <npm script> [<npm script> ...]");
  process.exit(2);
}

const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/** Runs one npm script with its output kept; resolves with its exit code and output. */
function run(script) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ["run", script], { stdio: ["ignore", "pipe", "pipe"] });
    const chunks = [];
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.on("data", (chunk) => chunks.push(chunk));
    child.on("error", (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on("close", (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(Buffer.concat(chunks));
      console.log(`npm run ${script}: ${code === 0 ? "passed" : `failed (exit ${code})`} in ${seconds} s\n`);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(scripts.map(run));
const failed = scripts.filter((_, i) => codes[i] !== 0);
if (failed.length > 0) {
  console.error(`Failed: ${failed.map((script) => `npm run ${script}`).join(", ")}`);
  process.exit(1);
}
