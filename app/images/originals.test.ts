import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { scanOriginals } from "./originals.ts";

let content = "";

function write(file: string, text = "x") {
  fs.mkdirSync(path.dirname(path.join(content, file)), { recursive: true });
  fs.writeFileSync(path.join(content, file), text);
}

beforeAll(() => {
  content = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-originals-"));
  write("works/the-new-god.md", "---\ntitle: The New God\n---\n");
  write("works/the-new-god.jpg");
  write("works/no-such-work.png");
  write("images/about.yaml", "- name: portrait\n  alt: A portrait\n  aspect: 3/4\n  kind: portrait\n");
  write("images/about/portrait.png");
  write("images/about/portrait.jpg");
  write("images/about/not-listed.jpg");
  write("images/about/notes.txt");
});

describe("real originals beside their records", () => {
  it("finds a work's original beside its file and a page image's in its collection folder", () => {
    const { originals } = scanOriginals(content);
    expect(originals.map((o) => `${o.collection}/${o.name}`)).toEqual(["artworks/the-new-god", "about/portrait"]);
    expect(originals[1]?.file).toBe(path.join(content, "images/about/portrait.jpg"));
    expect(originals[0]?.version).toMatch(/^[0-9a-f]{10}$/);
  });

  it("reports, and never uses, an image no record names or a second original for one name", () => {
    const problems = scanOriginals(content).problems.join("\n");
    expect(problems).toMatch(
      /works\/no-such-work\.png: there is no work .*works\/no-such-work\.md, so this image is not used/,
    );
    expect(problems).toMatch(/about\/not-listed\.jpg: "not-listed" is not listed in .*images\/about\.yaml/);
    expect(problems).toMatch(/about\/portrait\.png: "portrait" already has .*portrait\.jpg/);
    expect(problems).not.toMatch(/notes\.txt/);
  });

  it("finds nothing in a folder without works or images", () => {
    expect(scanOriginals(path.join(content, "missing"))).toEqual({ originals: [], problems: [] });
  });
});
