import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { seedFromTestTemplate } from "#tests/support/pglite-test-template.ts";

// content:import of a hostile content folder (issue 42 row 8): one line naming the file (and the
// field), exit 1, no stack, nothing written. Each run gets a copy of content/ with one bad file.
const tsx = path.resolve("node_modules/.bin/tsx");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-import-limits-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

let folders = 0;
/** A copy of content/ with `file` written as `text`; returns the folder. */
function contentWith(file: string, text: string): string {
  const dir = path.join(scratch, `content-${++folders}`);
  fs.cpSync(path.resolve("content"), dir, { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
  return dir;
}

function importDryRun(from: string) {
  // A copy of the run's migrated database, as a data folder the built server made holds: the
  // refusal is what is tested, not initdb (seconds of CPU a run).
  const dataDir = path.join(from, "..", `data-${folders}`);
  seedFromTestTemplate(dataDir);
  return new Promise<{ code: number; out: string; err: string }>((resolve) => {
    execFile(
      tsx,
      ["scripts/content-import.ts", "--from", from, "--dry-run"],
      {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: "",
          LOG_LEVEL: "silent",
        },
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, out, err) => resolve({ code: error ? Number(error.code) : 0, out, err }),
    );
  });
}

/** An "alias bomb": seven levels of nine aliases each, 4.7 million strings once expanded. */
const aliasBomb = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
  .concat(
    ["b", "c", "d", "e", "f", "g"].map(
      (name, i) => `${name}: &${name} [${Array(9).fill(`*${"abcdefg"[i]}`).join(", ")}]`,
    ),
  )
  .join("\n");

const article = (body: string) =>
  `---\ntitle: Hostile\nauthor: Nobody\npublication: Nowhere\ndate: 2024-01-01\nsummary: A test.\n---\n${body}\n`;

describe("content:import --dry-run refuses hostile files with a line naming them", { timeout: 120_000 }, () => {
  it("an alias bomb in a page", async () => {
    const dir = contentWith("pages/about.yaml", aliasBomb);
    const result = await importDryRun(dir);
    expect(result.code).toBe(1);
    expect(result.err).toContain(`${path.join(dir, "pages/about.yaml")}: uses aliases (*name) for more than`);
    expect(result.err).not.toMatch(/^\s+at /m);
  });

  it("a 60 MB article", async () => {
    const dir = contentWith("articles/huge.md", article("word ".repeat(12_000_000)));
    const result = await importDryRun(dir);
    expect(result.code).toBe(1);
    expect(result.err).toContain(`${path.join(dir, "articles/huge.md")}: is 60,000,`);
    expect(result.err).toContain("characters long; a document holds at most 200,000.");
    expect(result.err).not.toMatch(/^\s+at /m);
  });

  it("an article whose Markdown nests quotes past marked's stack", async () => {
    const dir = contentWith("articles/deep.md", article(`${"> ".repeat(90_000)}x`));
    const result = await importDryRun(dir);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/articles\/deep\.md: body: nests quotes or lists too deeply to read/);
    expect(result.err).not.toMatch(/^\s+at /m);
  });
});
