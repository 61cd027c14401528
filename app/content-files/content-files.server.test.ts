import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { contentFolder } from "#app/content/content-registry.server.ts";
import { ContentError, readContentFile } from "./content-files.server.ts";
import { readFolder } from "./content-source.server.ts";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-content-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

let files = 0;
/** Writes `text` as a new file named `name` in its own folder and returns its path. */
function write(name: string, text: string, folder = path.join(scratch, `case-${++files}`)): string {
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, name), text);
  return path.join(folder, name);
}

const work = z
  .object({ title: z.string().min(1), year: z.string().regex(/^\d{4}$/, "must be a four-digit year string") })
  .extend({ description: z.string().optional() })
  .strict();

/** The ContentError message a read throws. */
function problem(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(ContentError);
    return (error as Error).message;
  }
  throw new Error("expected the read to fail");
}

describe("content files", () => {
  it("reads a Markdown file: front matter as fields, the body with its line breaks kept", () => {
    const file = write(
      "moss-oracle.md",
      '---\ntitle: Moss Oracle\nyear: "2005"\n---\n\nDescription:\nFirst line.\n\nSecond paragraph.\n',
    );
    expect(readContentFile(file, work, { bodyField: "description" })).toEqual({
      title: "Moss Oracle",
      year: "2005",
      description: "Description:\nFirst line.\n\nSecond paragraph.",
    });
  });

  it("reads a YAML file, nested values included", () => {
    const file = write("site.yaml", "brand: Umbra\nlinks:\n  - label: X\n    href: https://x.com/umbra\n");
    const site = z.object({ brand: z.string(), links: z.array(z.object({ label: z.string(), href: z.url() })) });
    expect(readContentFile(file, site)).toEqual({
      brand: "Umbra",
      links: [{ label: "X", href: "https://x.com/umbra" }],
    });
  });

  it("names the file and line of a YAML syntax error", () => {
    const file = write("broken.yaml", "title: Moss Oracle\nyear: [2005\n");
    expect(problem(() => readContentFile(file, work))).toMatch(/broken\.yaml line \d+: /);
    const md = write("broken.md", '---\ntitle: "Moss Oracle\nyear: 2005\n---\n');
    expect(problem(() => readContentFile(md, work))).toMatch(/broken\.md line \d+: /);
  });

  it("refuses a Markdown file without front matter, and front matter that is not key: value lines", () => {
    const bare = write("bare.md", "Description:\nNo fences here.\n");
    expect(problem(() => readContentFile(bare, work))).toMatch(
      /bare\.md: expected front matter between "---" lines at the top$/,
    );
    const list = write("list.md", "---\n- one\n- two\n---\nBody\n");
    expect(problem(() => readContentFile(list, work))).toMatch(/list\.md: the front matter must be "key: value" lines/);
  });

  it("names the field, the rule and the value of a wrong type or format", () => {
    const file = write("moss-oracle.md", "---\ntitle: Moss Oracle\nyear: 20O5\n---\n");
    expect(problem(() => readContentFile(file, work))).toMatch(
      /moss-oracle\.md: year: must be a four-digit year string \(got "20O5"\)$/,
    );
    const number = write("moss-oracle.md", "---\ntitle: 42\nyear: '2005'\n---\n");
    expect(problem(() => readContentFile(number, work))).toMatch(
      /moss-oracle\.md: title: .*expected string.* \(got 42\)$/,
    );
  });

  it("refuses an unknown field when the schema is strict", () => {
    const file = write("moss-oracle.md", '---\ntitle: Moss Oracle\nyear: "2005"\nprice: 5\n---\n');
    expect(problem(() => readContentFile(file, work))).toMatch(/moss-oracle\.md: \(file\): Unrecognized key: "price"/);
  });

  it("reports every bad file of a folder together, and reads the good ones in file-name order", () => {
    const folder = path.join(scratch, "works");
    write("b-good.md", '---\ntitle: Good\nyear: "2024"\n---\n', folder);
    write("a-good.yaml", 'title: Also good\nyear: "2023"\n', folder);
    write("c-bad.md", "---\ntitle: Bad\nyear: 2024\n---\n", folder);
    write("d-bad.yaml", 'title: ""\nyear: "2024"\n', folder);
    write("notes.txt", "not content", folder);
    const message = problem(() => readFolder(contentFolder(scratch), "works", work));
    expect(message.split("\n")).toEqual([
      expect.stringMatching(/c-bad\.md: year: .* \(got 2024\)$/),
      expect.stringMatching(/d-bad\.yaml: title: .* \(got ""\)$/),
    ]);
    fs.rmSync(path.join(folder, "c-bad.md"));
    fs.rmSync(path.join(folder, "d-bad.yaml"));
    expect(readFolder(contentFolder(scratch), "works", work).map((entry) => entry.name)).toEqual(["a-good", "b-good"]);
  });

  it("names a missing folder", () => {
    expect(problem(() => readFolder(contentFolder(path.join(scratch, "none")), "works", work))).toMatch(
      /none\/works: folder not found/,
    );
  });
});
