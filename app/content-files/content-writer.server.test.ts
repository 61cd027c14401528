import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { contentFolder, contentLayout } from "#app/content/content-registry.server.ts";
import { contentDir } from "./content-files.server.ts";
import { documentText, writeContentTree } from "./content-writer.server.ts";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-export-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe("writing content documents as files", () => {
  it("writes the whole tree so that reading it back gives the same documents", () => {
    const documents = contentFolder(contentDir()).all();
    const out = path.join(scratch, "round-trip");
    writeContentTree(out, documents, contentLayout());
    expect(contentFolder(out).all()).toEqual(documents);
  });

  it("keeps a Markdown body exactly, indented lines and all, and writes no body when there is none", () => {
    const out = path.join(scratch, "bodies");
    const body = "    indented code\n\nA *line* with  two spaces  \nand a last line";
    const documents = new Map<string, unknown>([
      ["works/with-body.md", { title: "With body", description: body }],
      ["works/no-body.md", { title: "No body" }],
    ]);
    writeContentTree(out, documents, contentLayout());
    const read = contentFolder(out).folder("works");
    expect(new Map(read.map((document) => [`works/${document.name}.md`, document.data]))).toEqual(documents);
    expect(documentText("works/no-body.md", { title: "No body" }, contentLayout())).toBe("---\ntitle: No body\n---\n");
  });

  it("removes the document files no longer published, and nothing else", () => {
    const out = path.join(scratch, "removals");
    fs.mkdirSync(path.join(out, "works"), { recursive: true });
    fs.writeFileSync(path.join(out, "works", "gone.md"), "---\ntitle: Gone\n---\n");
    fs.writeFileSync(path.join(out, "works", "kept.jpg"), "an original");
    const { removed } = writeContentTree(out, new Map([["works/here.md", { title: "Here" }]]), contentLayout());
    expect(removed).toEqual(["works/gone.md"]);
    expect(fs.readdirSync(path.join(out, "works")).sort()).toEqual(["here.md", "kept.jpg"]);
  });
});
