import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { authSecret } from "#app/auth/auth-secret.server.ts";
import { openDatabase } from "./database.server.ts";
import { makePrivate } from "./private-data.server.ts";
import { quotes } from "./schema.ts";

// Another local user on the server (`nobody`) must not read the studio's data: the red team read
// the admin's password hash and a live reset token out of PGlite's WAL (issue 26, row 6).
const SECRET_TEXT = "a reset token no one else may read 7f3a9c";

function modesUnder(root: string): Map<string, number> {
  const modes = new Map<string, number>();
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry);
    modes.set(path.relative(root, entry) || ".", stat.mode & 0o777);
    if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return modes;
}

/** Runs a shell command as `nobody` (only possible as root, as on CI and a fresh server). */
function asNobody(command: string) {
  return spawnSync("runuser", ["-u", "nobody", "--", "sh", "-c", command], { encoding: "utf8" });
}
const canSwitchUser = process.getuid?.() === 0 && fs.existsSync("/usr/sbin/runuser");

describe("the data folder is private whatever the umask", { timeout: 60_000 }, () => {
  let parent: string;
  let previousUmask: number;
  beforeEach(() => {
    // As careless as an operator can be: a world-readable parent (like /var/lib) and umask 0.
    parent = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-modes-"));
    fs.chmodSync(parent, 0o755);
    previousUmask = process.umask(0);
  });
  afterEach(() => {
    process.umask(previousUmask);
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it("keeps the embedded database's files 0600 in 0700 folders, and the generated secret 0600", async () => {
    const dataDir = path.join(parent, "data");
    const database = await openDatabase({ dataDir });
    await database.db.insert(quotes).values({ text: SECRET_TEXT });
    authSecret({ dataDir });
    await database.close();

    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o711);
    expect(fs.statSync(path.join(dataDir, "auth-secret")).mode & 0o777).toBe(0o600);
    const loose = [...modesUnder(path.join(dataDir, "pglite"))].filter(([, mode]) => mode & 0o077);
    expect(loose, "database files another user could read").toEqual([]);
  });

  it.runIf(canSwitchUser)("another local user cannot find what was written in any file", async () => {
    const dataDir = path.join(parent, "data");
    const database = await openDatabase({ dataDir });
    await database.db.insert(quotes).values({ text: SECRET_TEXT });
    // Read while the database is open, as the red team did (the WAL holds the row).
    const whileOpen = asNobody(`grep -rl '${SECRET_TEXT}' '${dataDir}' 2>/dev/null; true`);
    await database.close();
    const afterClose = asNobody(`grep -rl '${SECRET_TEXT}' '${dataDir}' 2>/dev/null; true`);
    // The owner does find it: the check can fail.
    const asOwner = spawnSync("grep", ["-rl", SECRET_TEXT, dataDir], { encoding: "utf8" });
    expect(asOwner.stdout.trim()).not.toBe("");
    expect(whileOpen.stdout.trim()).toBe("");
    expect(afterClose.stdout.trim()).toBe("");
    expect(asNobody(`cat '${path.join(dataDir, "auth-secret")}'`).status).not.toBe(0);
  });

  it("takes a database folder left readable (an older version, a copy) back to owner-only", () => {
    const folder = path.join(parent, "old");
    fs.mkdirSync(path.join(folder, "pg_wal"), { recursive: true, mode: 0o755 });
    fs.writeFileSync(path.join(folder, "pg_wal", "000000010000000000000001"), "wal", { mode: 0o666 });
    fs.symlinkSync("/etc/hostname", path.join(folder, "link"));
    expect(makePrivate(folder)).toBe(3);
    expect(fs.statSync(path.join(folder, "pg_wal", "000000010000000000000001")).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(folder, "pg_wal")).mode & 0o777).toBe(0o700);
    // A symbolic link is not followed: what it points at keeps its mode.
    expect(fs.statSync("/etc/hostname").mode & 0o777).not.toBe(0o600);
    expect(makePrivate(folder)).toBe(0);
  });

  it("makes an existing auth secret owner-only", () => {
    const dataDir = path.join(parent, "data");
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, "auth-secret"), "x".repeat(43), { mode: 0o644 });
    expect(authSecret({ dataDir })).toBe("x".repeat(43));
    expect(fs.statSync(path.join(dataDir, "auth-secret")).mode & 0o777).toBe(0o600);
  });
});
