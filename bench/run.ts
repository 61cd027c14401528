// `npm run bench [-- --only SECTIONS]` (see usage below): measures the budgets of
// DESIGN.md against the production build on this machine, prints one table, writes JSON and a
// Markdown report to bench-results/, and exits non-zero when a budget is missed.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { exitWithUsage, parseCommandLine } from "#scripts/cli.ts";
import { benchAdmin, signInAsAdmin } from "./admin-session.ts";
import { failed, type Measurement } from "./budgets.ts";
import { importQuotes, measureAdminList } from "./measures/admin-list.ts";
import { measurePublicApi } from "./measures/api-load.ts";
import { measureContentPublish } from "./measures/content-publish.ts";
import { measureFanOut } from "./measures/fan-out.ts";
import { measureFirstImages } from "./measures/first-images.ts";
import { measureGrowth } from "./measures/growth.ts";
import { measureLighthouse } from "./measures/lighthouse.ts";
import { measureMailSend } from "./measures/mail-send.ts";
import { measureMemory } from "./measures/memory.ts";
import { measurePrerenderedCompression, measureQuoteWall } from "./measures/memory-answers.ts";
import { measureFirstRenderBytes, measureJavaScript } from "./measures/page-weight.ts";
import { measureFreshStart } from "./measures/start-time.ts";
import { measureStaticServing } from "./measures/static-serving.ts";
import { measureZoomTiles } from "./measures/zoom-tiles.ts";
import { printTable, writeResults } from "./report.ts";
import { repoRoot, startServer } from "./server-process.ts";

const PAGES = [
  "/",
  "/about",
  "/art",
  "/art/the-source-of-novelty",
  "/exhibitions/solo-exhibition-london-2024",
  "/cv",
  "/quotes",
  "/contact",
  "/prices",
];
const ALL = [
  "pages",
  "weight",
  "static",
  "wall",
  "compression",
  "api",
  "fanout",
  "images",
  "zoom",
  "admin",
  "start",
  "growth",
  "memory",
  "publish",
  "mail",
] as const;
type Section = (typeof ALL)[number];

const usage = `Usage: npm run bench [-- --only SECTIONS]
Builds the production bundle, measures the DESIGN.md budgets on this machine, prints one table
and writes bench-results/. Exits 1 when a budget is missed. Needs Chromium and nginx.
  --only SECTIONS  comma-separated subset of: ${ALL.join(", ")}`;

const { values } = parseCommandLine({ usage, options: { only: { type: "string" } } });
const asked = values.only?.split(",").map((name) => name.trim()) ?? [...ALL];
const unknown = asked.filter((name) => !(ALL as readonly string[]).includes(name));
if (unknown.length > 0) exitWithUsage(usage, `Unknown section "${unknown.join(", ")}".`);
const sections = new Set(asked as Section[]);

// BENCH_MAIN_PORT / BENCH_GROWTH_PORT: other ports when another bench runs on this machine.
const MAIN_PORT = Number(process.env.BENCH_MAIN_PORT) || 4610;
const GROWTH_PORT = Number(process.env.BENCH_GROWTH_PORT) || 4615;

const started = performance.now();
console.log("Building the production bundle...");
// For the origin the main server below names, so it sends the build's compressed pages as they are.
execFileSync("npm", ["run", "build"], {
  cwd: repoRoot,
  stdio: "ignore",
  env: { ...process.env, PUBLIC_URL: `http://127.0.0.1:${MAIN_PORT}` },
});

const rows: Measurement[] = [];
async function section(name: Section, run: () => Promise<Measurement[]>) {
  if (!sections.has(name)) return;
  console.log(`Measuring ${name}...`);
  try {
    rows.push(...(await run()));
  } catch (error) {
    rows.push(failed(`${name}`, "-", `could not measure: ${(error as Error).message}`));
  }
}

// No image warm-up here: its encodes would run between and into the load runs. The images
// section below measures a fresh start with it on.
const needsMainServer = ["pages", "weight", "static", "wall", "compression", "api", "fanout"].some((name) =>
  sections.has(name as Section),
);
// Only when a section below needs it: `--only memory` starts none.
if (needsMainServer) {
  const server = await startServer(MAIN_PORT, {
    ADMIN_EMAIL: benchAdmin.email,
    ADMIN_PASSWORD: benchAdmin.password,
    WARM_IMAGES: "off",
  });
  try {
    await section("pages", () => measureLighthouse(server.url, PAGES));
    await section("weight", async () => [
      ...(await measureJavaScript(server.url, PAGES)),
      await measureFirstRenderBytes(server.url, "/art"),
    ]);
    await section("static", () => measureStaticServing(server.url, "/cv", 4611));
    await section("wall", () => measureQuoteWall(server.url, "/cv"));
    await section("compression", () => measurePrerenderedCompression(server.url));
    await section("api", () => measurePublicApi(server.url));
    await section("fanout", async () =>
      measureFanOut(server.url, await signInAsAdmin(server.url, benchAdmin.email, benchAdmin.password)),
    );
  } finally {
    await server.stop();
  }
}
await section("images", () => measureFirstImages(4614, PAGES));
await section("zoom", () => measureZoomTiles(4616));
await section("admin", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-bench-admin-"));
  importQuotes(dataDir, 20_000);
  const admin = await startServer(4613, {
    DATA_DIR: dataDir,
    ADMIN_EMAIL: benchAdmin.email,
    ADMIN_PASSWORD: benchAdmin.password,
  });
  try {
    return await measureAdminList(admin.url, await signInAsAdmin(admin.url, benchAdmin.email, benchAdmin.password));
  } finally {
    await admin.stop();
  }
});
await section("start", async () => [await measureFreshStart(4612)]);
await section("publish", () => measureContentPublish([4617, 4618]));
// Issue 41: 10,000 mailing copies sent while visitors load the public pages (PostgreSQL).
await section("mail", () => measureMailSend(Number(process.env.BENCH_MAIL_PORT) || 4619, PAGES));
// Resident memory and start to /readyz (issue 20): the default, PostgreSQL, then the catalogues.
// On the main server's port, the origin the bundle was built for: pages are sent as built.
await section("memory", () => measureMemory(MAIN_PORT, repoRoot));
// Last: synthetic catalogues, each built in its own copy of the checkout (bench/measures/growth.ts),
// with the memory section's run on each when it is asked for too.
// BENCH_CATALOGUES=1200 for a quicker run (the 12,000-work build takes minutes).
const catalogues = (process.env.BENCH_CATALOGUES ?? "1200,12000").split(",").map(Number).filter(Boolean);
if (sections.has("growth")) {
  await section("growth", () => measureGrowth(catalogues, GROWTH_PORT, { memory: sections.has("memory") }));
} else {
  await section("memory", () => measureGrowth(catalogues, GROWTH_PORT, { memory: true, growth: false }));
}

console.log("");
printTable(rows);
const dir = writeResults(rows, (performance.now() - started) / 1000);
const missed = rows.filter((r) => !r.pass);
console.log(
  `\nWrote ${dir}/latest.json and report.md. ${missed.length ? `${missed.length} budget(s) missed.` : "Every budget met."}`,
);
process.exit(missed.length ? 1 : 0);
