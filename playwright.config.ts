import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { serverNodeFlags } from "./bench/server-node-flags.ts";

// Debian's Chromium, never a downloaded browser (this machine cannot download one).
const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
if (!fs.existsSync(chromePath)) {
  throw new Error(
    `No Chromium at ${chromePath}. Install Debian's: "sudo apt-get update && sudo apt-get install -y chromium", or set CHROME_PATH to a Chromium or Chrome binary.`,
  );
}

const port = Number(process.env.E2E_PORT || 4173);
export const baseURL = `http://127.0.0.1:${port}`;
// Each run gets its own empty data folder, so tests never see a developer's local data.
const dataDir = process.env.E2E_DATA_DIR || fs.mkdtempSync(path.join(os.tmpdir(), "umbra-e2e-"));
// Workers inherit this, so tests can read files the server writes (the email outbox).
process.env.E2E_DATA_DIR = dataDir;
// The admin account the server creates on first start (tests/admin.spec.ts signs in with it).
export const e2eAdmin = { email: "curator@umbra.test", password: "moth lantern quiet river 42" };

const launchOptions = {
  executablePath: chromePath,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
};

const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions };
const phone = { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, launchOptions };

export default defineConfig({
  testDir: "./tests",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // No retries: a flake is a finding, not noise. The few specs whose steps are bound by time
  // across processes (live updates within 2 s, bursts against throttles) allow one retry in
  // their own describe.configure, each with its reason; the list reporter names every retry.
  retries: 0,
  // Three at once on this 2-core machine: most of a browser test's time is spent waiting (on a
  // server, a timer, a second process), and two workers left the cores half idle (CI, issue 38).
  workers: 3,
  // The JSON report gives `.ci/run` its per-file durations.
  reporter: [["list"], ["json", { outputFile: "test-durations/playwright.json" }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // A trace only when a timing-bound spec retries: recording one for every test cost every run
  // its share of CPU, and CI's failures are read from the list reporter.
  use: { baseURL, trace: "on-first-retry" },
  projects: [
    // Tests tagged @phone check what only exists below 960px (the burger menu), and the reverse.
    { name: "desktop", grepInvert: /@phone/, use: desktop },
    { name: "phone", grepInvert: /@desktop/, use: phone },
  ],
  webServer: {
    // With `npm start`'s V8 flags, so the tests run the server an artist runs.
    command: ["node", ...serverNodeFlags(), "server.js"].join(" "),
    url: `${baseURL}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      // Plain http in tests, so session cookies are not marked Secure.
      PUBLIC_URL: baseURL,
      ADMIN_EMAIL: e2eAdmin.email,
      ADMIN_PASSWORD: e2eAdmin.password,
      // No background warming: every work's zoom pyramid and every page's first-screen images
      // took a core for most of the run; the tests derive only the images they ask for.
      WARM_IMAGES: "off",
    },
  },
});
