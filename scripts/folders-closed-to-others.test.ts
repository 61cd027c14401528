import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { foldersClosedToOthers, makeReadableByOthers } from "./folders-closed-to-others.ts";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("folders nginx's workers can read", () => {
  it("names a 0700 folder (as mktemp -d or /root) on the way to a checkout, and not a 0711 one", () => {
    const closed = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-closed-"));
    made.push(closed);
    fs.chmodSync(closed, 0o700);
    const checkout = path.join(closed, "umbra", "build");
    fs.mkdirSync(checkout, { recursive: true });
    // Set, not asked of mkdir: the process's umask would have its say.
    for (const dir of [path.join(closed, "umbra"), checkout]) fs.chmodSync(dir, 0o755);
    expect(foldersClosedToOthers(checkout)).toEqual([closed]);
    fs.chmodSync(closed, 0o711);
    expect(foldersClosedToOthers(checkout)).toEqual([]);
  });

  it("makes a copy readable whatever the umask made of it", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-copy-"));
    made.push(dir);
    fs.mkdirSync(path.join(dir, "assets"), { mode: 0o700 });
    fs.writeFileSync(path.join(dir, "assets", "app.js"), "x", { mode: 0o600 });
    makeReadableByOthers(dir);
    const mode = (file: string) => fs.statSync(path.join(dir, file)).mode & 0o777;
    expect([mode(""), mode("assets"), mode("assets/app.js")]).toEqual([0o755, 0o755, 0o644]);
  });
});
