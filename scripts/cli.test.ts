import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { seedFromTestTemplate } from "#tests/support/pglite-test-template.ts";

// The command-line tools, run as a user runs them (tsx, as the npm scripts do), each on its own
// empty data folder.
const tsx = path.resolve("node_modules/.bin/tsx");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-cli-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

let folders = 0;
function run(script: string, args: string[], env: Record<string, string> = {}) {
  const dataDir = path.join(scratch, `data-${++folders}`);
  return new Promise<{ code: number; out: string; err: string; dataDir: string }>((resolve) => {
    const child = execFile(
      tsx,
      [script, ...args],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", ADMIN_PASSWORD: "", LOG_LEVEL: "silent", ...env } },
      (error, out, err) => resolve({ code: error ? Number(error.code) : 0, out, err, dataDir }),
    );
    child.stdin?.end(); // no terminal: as under CI or a pipe
  });
}

const noStack = (text: string) => expect(text).not.toMatch(/^\s+at /m);

describe("--help", () => {
  it.each([
    ["admin", "scripts/admin.ts", "npm run admin -- create --email"],
    ["quotes:import", "scripts/import-quotes.ts", "npm run quotes:import -- FILE"],
    ["db:migrate", "scripts/db-migrate.ts", "npm run db:migrate"],
    ["bench", "bench/run.ts", "npm run bench [-- --only SECTIONS]"],
  ])("%s prints its usage, exits 0 and runs nothing", async (_name, script, usage) => {
    const result = await run(script, ["--help"]);
    expect([result.code, result.err]).toEqual([0, ""]);
    expect(result.out).toMatch(/^Usage:/);
    expect(result.out).toContain(usage);
    // Nothing ran: no database was created, and bench did not start building.
    expect(fs.existsSync(result.dataDir)).toBe(false);
    expect(result.out).not.toContain("Building");
  });
});

describe("wrong usage exits 2 and says what was wrong", () => {
  it("an unknown admin command", async () => {
    const result = await run("scripts/admin.ts", ["promote", "--email", "a@b.c"]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^Unknown command "promote"\.\n\nUsage:/);
  });

  it("an unknown option, a missing --email, an unknown bench section, a missing file", async () => {
    const results = await Promise.all([
      run("scripts/admin.ts", ["list", "--verbose"]),
      run("scripts/admin.ts", ["create"]),
      run("bench/run.ts", ["--only", "pages,speed"]),
      run("scripts/import-quotes.ts", []),
      run("scripts/db-migrate.ts", ["now"]),
    ]);
    expect(results.map((r) => r.code)).toEqual([2, 2, 2, 2, 2]);
    expect(results.map((r) => r.err.split("\n")[0])).toEqual([
      expect.stringContaining("Unknown option '--verbose'"),
      "create needs --email.",
      'Unknown section "speed".',
      "Give the file to import.",
      'Unexpected argument "now".',
    ]);
  });
});

describe("expected failures are plain messages, without a stack trace", () => {
  it("no terminal for the password prompt: says to set ADMIN_PASSWORD", async () => {
    const result = await run("scripts/admin.ts", ["create", "--email", "curator@umbra.test"]);
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      "No terminal to ask for the password on: set ADMIN_PASSWORD to the new password instead.\n",
    );
  });

  it("the embedded database in use by the server: says which process holds it", async () => {
    const dataDir = path.join(scratch, "in-use");
    fs.mkdirSync(dataDir, { recursive: true });
    // This test runner is a live process, as a running server would be.
    fs.writeFileSync(path.join(dataDir, "database.lock"), String(process.pid));
    const result = await run("scripts/admin.ts", ["list"], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.err).toContain(`is in use by process ${process.pid}. Stop that process first`);
    noStack(result.err);
  });

  it("a bad configuration value is named", async () => {
    const result = await run("scripts/db-migrate.ts", [], { DATABASE_URL: "mysql://db" });
    expect(result.code).toBe(1);
    expect(result.err).toContain("DATABASE_URL: must start with postgres://");
    noStack(result.err);
  });

  it("an archive file that does not exist", async () => {
    const result = await run("scripts/import-quotes.ts", [path.join(scratch, "missing.zip")]);
    expect([result.code, result.err]).toEqual([1, `No such file: ${path.join(scratch, "missing.zip")}\n`]);
  });
});

// Each works on a copy of the run's migrated embedded database, as a data folder the built
// server made holds (initdb from source costs seconds of CPU; the global setup tests that path).
describe("work done", { timeout: 90_000 }, () => {
  it("admin create then list with ADMIN_PASSWORD set", async () => {
    const dataDir = path.join(scratch, "admins");
    seedFromTestTemplate(dataDir);
    const env = { DATA_DIR: dataDir, ADMIN_PASSWORD: "moth lantern quiet river 42" };
    const created = await run("scripts/admin.ts", ["create", "--email", "curator@umbra.test"], env);
    expect([created.code, created.out]).toEqual([0, "Created admin curator@umbra.test.\n"]);
    const listed = await run("scripts/admin.ts", ["list"], env);
    expect(listed.out).toMatch(/^curator@umbra\.test\tpassword only\tcreated /);
  });

  it("the quote import prints its progress and the counts", async () => {
    const entries = Array.from({ length: 1200 }, (_, i) => ({
      tweet: { id_str: String(5000 + i), full_text: `Post number ${i}`, created_at: "Sat Mar 04 18:30:00 +0000 2023" },
    }));
    const file = path.join(scratch, "tweets.js");
    fs.writeFileSync(file, `window.YTD.tweets.part0 = ${JSON.stringify(entries)}`);
    const dataDir = path.join(scratch, "quotes");
    seedFromTestTemplate(dataDir);
    const result = await run("scripts/import-quotes.ts", [file], { DATA_DIR: dataDir });
    expect(result.code).toBe(0);
    expect(result.out).toContain("Importing 1200 posts...");
    expect(result.out).toContain("written 1200 of 1200 (100%)");
    expect(result.out).toContain("Read 1200 posts; imported 1200 (hidden until made public).");
  });
});
